import { createRequire } from "node:module";

/**
 * esbuild's API, loaded when first needed (a start whose seed is already bundled never loads it).
 * Through require(): a dynamic import() of it fails under tsx from a module tsx compiles as
 * CommonJS (npm run build, npm run db:seed), and require() works there and in the server's bundle.
 */
export function loadEsbuild(): typeof import("esbuild") {
  return createRequire(import.meta.url)("esbuild");
}
