// npm run build: Next's production build, then V8's compile hint on its larger scripts
// (scripts/lib/compile-hints.mjs). Arguments go to `next build`; FOYER_DIST_DIR is honoured, as
// next.config.js honours it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markEagerCompile } from "./lib/compile-hints.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const r = spawnSync(process.execPath, [nextBin, "build", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
const marked = markEagerCompile(path.join(root, process.env.FOYER_DIST_DIR || ".next"));
console.log(`compile hint: ${marked.length} scripts marked for eager compilation`);
