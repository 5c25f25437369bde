// Where the production build is, for the scripts that make it, serve it or measure it:
// FOYER_DIST_DIR (next.config.js honours it too, so that two builds of one checkout can coexist)
// or .next/, and the `next` command line that makes it.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const distDir = path.join(root, process.env.FOYER_DIST_DIR || ".next");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
