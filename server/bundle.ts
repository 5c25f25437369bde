// The server bundled for production (`npm run build`): server/main.mts and what it imports from
// server/ and lib/ in one ES module, <distDir>/foyer/server.mjs, the packages left as imports.
// `npm start` runs it with plain Node: through tsx it would start about 0.3 s later (tsx's loader
// and esbuild on every start), a third of the whole start.
import path from "node:path";
import { root, serverBundle } from "./paths";
import { loadEsbuild } from "./esbuild";

export async function bundleServer(): Promise<void> {
  const esbuild = loadEsbuild();
  try {
    await esbuild.build({
      entryPoints: [path.join(root, "server", "main.mts")],
      outfile: serverBundle,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(root, "tsconfig.json"),
      absWorkingDir: root,
      logLevel: "warning",
      // read by people too: a stack trace in production names the functions and lines of server/
      minify: false,
    });
  } finally {
    await esbuild.stop();
  }
}
