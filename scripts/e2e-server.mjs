// The server Playwright tests against: the production build on a fresh embedded database under
// .data/e2e, e-mail to the test's own SMTP server, and (GRAFANA_FAKE_PORT) a fake dashboard service.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT ?? "3300";
const dataDir = path.join(root, ".data", `e2e-${port}`);
// a PostgreSQL left by an e2e run that was killed would hold the port: stop it before wiping
try {
  const pid = Number(fs.readFileSync(path.join(dataDir, "pg", "data", "postmaster.pid"), "utf8").split("\n")[0]);
  if (pid) {
    process.kill(pid, "SIGINT");
    for (let i = 0; i < 100; i++) { process.kill(pid, 0); await new Promise((r) => setTimeout(r, 100)); }
  }
} catch {}
fs.rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  FOYER_DATA_DIR: dataDir,
  // a throw-away cluster: speed over durability
  FOYER_PG_FAST: "1",
  // the tests spread their many logins over addresses with X-Forwarded-For, as a proxy on this machine would
  TRUST_PROXY: "loopback",
  // every spec that links Linky syncs ~650 calls of history: the default hourly budget (1,000)
  // ran out by the fourth, and the next one's sync waited for the next hour
  LINKY_MAX_PER_HOUR: "1000000",
  ...Object.fromEntries(Object.entries({
    // no demo household unless the server is asked for one (playwright.config.ts: the second server)
    SEED_DEMO: "false",
    // the Linky sandbox's history syncs in seconds rather than a minute: its quota and ours raised alike
    LINKY_SANDBOX_MAX_PER_SECOND: "50",
    LINKY_MAX_PER_SECOND: "50",
    EMBEDDED_PG_PORT: "54339",
    // the embedded MQTT broker on a port of this server's own (two e2e servers run side by side)
    MQTT_PORT: String(Number(port) + 18000),
    APP_URL: `http://127.0.0.1:${port}`,
    FIRST_SUPERUSER_EMAIL: "admin@example.com",
    FIRST_SUPERUSER_PASSWORD: "e2e-admin-password",
  }).filter(([k]) => !process.env[k])),
});
// the dashboard service, when asked: Grafana's fake (tests/fakes/grafana.ts, TypeScript loaded
// with tsx for this one import) on its port, DASHBOARD_URL pointing at it; specs fill it through
// Grafana's API and it serves the dashboards' frames
if (process.env.GRAFANA_FAKE_PORT) {
  const { tsImport } = await import("tsx/esm/api");
  const { GrafanaFake } = await tsImport("../tests/fakes/grafana.ts", import.meta.url);
  const grafana = await new GrafanaFake(process.env.DASHBOARD_TOKEN, { control: true }).start(Number(process.env.GRAFANA_FAKE_PORT));
  process.env.DASHBOARD_URL = grafana.origin;
  process.env.DASHBOARD_PUBLIC_URL ??= grafana.origin;
}
process.argv[2] = "start";
await import("./start.mjs");
