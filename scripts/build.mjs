// npm run build: Next's production build, then V8's compile hint on its larger scripts
// (scripts/lib/compile-hints.mjs). Arguments go to `next build`; FOYER_DIST_DIR is honoured
// (scripts/lib/build-dir.mjs). Then the seed's bundle, which starts use while its files are unchanged,
// and, for the embedded PostgreSQL, the template a first start copies instead of running initdb.
import { spawnSync } from "node:child_process";
import { distDir, nextBin, root } from "./lib/build-dir.mjs";
import { markEagerCompile } from "./lib/compile-hints.mjs";
import { writeSeedBundle } from "./lib/runtime.mjs";
import { prepareClusterTemplate } from "./lib/embedded-pg.mjs";

// no phoning home, and no notice about it on every build (the start disables it too)
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const r = spawnSync(process.execPath, [nextBin, "build", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
const marked = markEagerCompile(distDir);
console.log(`compile hint: ${marked.length} scripts marked for eager compilation`);
// the seed, bundled once for the starts to come (scripts/lib/runtime.mjs)
await writeSeedBundle();
// the embedded cluster's template (scripts/lib/embedded-pg.mjs): not for a PostgreSQL server. A
// cache: where it cannot be made (node_modules read-only, no postgres user), a first start runs initdb
if (!process.env.DATABASE_URL) {
  try {
    if (await prepareClusterTemplate()) console.log("embedded PostgreSQL: a new cluster's template made");
  } catch (e) {
    console.warn(`embedded PostgreSQL: no template for new clusters (${e instanceof Error ? e.message : e}); a first start will run initdb`);
  }
}
