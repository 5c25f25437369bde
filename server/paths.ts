// Where things are, for the server, the database tooling, the build and the benchmarks: the
// checkout (found from this file, whether it runs from server/ or bundled into the build), the
// production build (FOYER_DIST_DIR, which next.config.js honours too, so that two builds of one
// checkout can coexist, or .next/), the `next` command line, and the server's bundle in the build.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout: the nearest folder above this file with prisma/schema.prisma (.next/ has a package.json of its own). */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "prisma", "schema.prisma"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Foyer's checkout not found above ${from}`);
  }
}

export const root = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const distDir = path.join(root, process.env.FOYER_DIST_DIR || ".next");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
/** The server bundled by `npm run build` (server/main.mts), which `npm start` runs. */
export const serverBundle = path.join(distDir, "foyer", "server.mjs");
/** Where local state lives (embedded cluster, generated secrets, mail): FOYER_DATA_DIR or .data/ */
export const dataDir = path.resolve(root, process.env.FOYER_DATA_DIR ?? ".data");
