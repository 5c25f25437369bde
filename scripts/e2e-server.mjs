// The server Playwright tests against: the production build on a fresh embedded database under
// .data/e2e, e-mail to the test's own SMTP server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, ".data", "e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  FOYER_DATA_DIR: dataDir,
  SEED_DEMO: "false",
  ...Object.fromEntries(Object.entries({
    PORT: "3300",
    EMBEDDED_PG_PORT: "54339",
    APP_URL: "http://127.0.0.1:3300",
    FIRST_SUPERUSER_EMAIL: "admin@example.com",
    FIRST_SUPERUSER_PASSWORD: "e2e-admin-password",
    SMTP_URL: "smtp://127.0.0.1:2587",
  }).filter(([k]) => !process.env[k])),
});
process.argv[2] = "start";
await import("./start.mjs");
