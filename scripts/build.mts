// npm run build: Next's production build, then V8's compile hint on its larger scripts
// (server/compile-hints.ts), then the server's bundle (server/bundle.ts) that `npm start` runs.
// Arguments go to `next build`; FOYER_DIST_DIR is honoured (server/paths.ts). Then the seed's
// bundle, which starts use while its files are unchanged, and, for the embedded PostgreSQL, the
// template a first start copies instead of running initdb.
import { spawnSync } from "node:child_process";
import { distDir, nextBin, root } from "../server/paths";
import { markEagerCompile } from "../server/compile-hints";
import { bundleServer } from "../server/bundle";
import { writeSeedBundle } from "../server/db/seed";
import { prepareClusterTemplate } from "../server/db/embedded-pg";

// no phoning home, and no notice about it on every build (the start disables it too)
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const r = spawnSync(process.execPath, [nextBin, "build", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
const marked = markEagerCompile(distDir);
console.log(`compile hint: ${marked.length} scripts marked for eager compilation`);
await bundleServer();
// the seed, bundled once for the starts to come (server/db/seed.ts)
await writeSeedBundle();
// the embedded cluster's template (server/db/embedded-pg.ts): not for a PostgreSQL server. A
// cache: where it cannot be made (node_modules read-only, no postgres user), a first start runs initdb
if (!process.env.DATABASE_URL) {
  try {
    if (await prepareClusterTemplate()) console.log("embedded PostgreSQL: a new cluster's template made");
  } catch (e) {
    console.warn(`embedded PostgreSQL: no template for new clusters (${e instanceof Error ? e.message : e}); a first start will run initdb`);
  }
}
