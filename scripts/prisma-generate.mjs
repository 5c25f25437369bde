// `prisma generate` offline: Prisma's CLI looks for its native schema engine (which it would
// download) before doing anything, although generation itself runs on WASM. Any existing file
// satisfies that look-up.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
const r = spawnSync(process.execPath, [cli, "generate", "--schema", "prisma/schema.prisma"], {
  stdio: "inherit",
  env: {
    ...process.env,
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  },
});
process.exit(r.status ?? 1);
