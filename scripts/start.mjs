// npm start | npm run dev: the Foyer server (server/main.mts). `start` runs the bundle `npm run
// build` made of it with plain Node; `dev` runs its sources through tsx. Arguments are the server's.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const mode = process.argv[2] === "dev" ? "dev" : "start";
process.argv[2] = mode;
if (mode === "dev") {
  const { tsImport } = await import("tsx/esm/api");
  await tsImport("../server/main.mts", import.meta.url);
} else {
  // (server/paths.ts says the same: FOYER_DIST_DIR or .next)
  const bundle = path.join(root, process.env.FOYER_DIST_DIR || ".next", "foyer", "server.mjs");
  if (!fs.existsSync(bundle)) {
    console.error("\n[foyer] There is no production build yet: run `npm run build` first (or `npm run dev`).\n");
    process.exit(1);
  }
  await import(pathToFileURL(bundle).href);
}
