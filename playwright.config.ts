import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const GRAFANA_PORT = Number(process.env.E2E_GRAFANA_PORT ?? PORT + 1);
const BARE_PORT = Number(process.env.E2E_BARE_PORT ?? PORT + 2);
const grafanaUrl = `http://127.0.0.1:${GRAFANA_PORT}`;
/**
 * Several runs may share the machine: E2E_PORT, E2E_PG_PORT, E2E_SMTP_PORT, E2E_GRAFANA_PORT,
 * E2E_BARE_PORT and E2E_BARE_PG_PORT keep them apart.
 */
export const E2E = {
  baseURL: `http://127.0.0.1:${PORT}`,
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2587),
  pgPort: Number(process.env.E2E_PG_PORT ?? 54339),
  admin: { email: "admin@example.com", password: "e2e-admin-password" },
  /**
   * the dashboard service: Grafana's fake (tests/fakes/grafana.ts), started by the e2e server and
   * filled by specs through Grafana's own API with this service account token
   */
  grafana: { url: grafanaUrl, token: "glsa_e2e_service_account_token_0123456789" },
  /** where the dashboards' frames come from: the same fake */
  dashboardPublicUrl: grafanaUrl,
  /**
   * a second server of the same build, without a dashboard service (DASHBOARD_URL unset), with the
   * demo household seeded as `npm run go` seeds it (prisma/demo.ts) and its workers syncing the
   * demo's Linky history
   */
  bareURL: `http://127.0.0.1:${BARE_PORT}`,
  barePgPort: Number(process.env.E2E_BARE_PG_PORT ?? Number(process.env.E2E_PG_PORT ?? 54339) + 1),
  /** the demo household on the second server (the first has none: its specs count rows) */
  demo: { email: "demo@example.com", password: "e2e-demo-password" },
};

// Debian's Chromium (apt-get install chromium): Playwright never downloads a browser here.
const chromiumArgs = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: E2E.baseURL,
    // a trace records every action's DOM and the screen as it goes: a third of the run's time on
    // these 2 cores, and one cold spec past its minute. E2E_TRACE=retain-on-failure (or on) records
    // them again when a failure needs one; a failure's screenshot is kept in any case
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "on" | "retain-on-failure" | "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `${E2E.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        APP_URL: E2E.baseURL,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        EMBEDDED_PG_PORT: String(E2E.pgPort),
        // the e2e server starts the Grafana fake there and points DASHBOARD_URL at it
        GRAFANA_FAKE_PORT: String(GRAFANA_PORT),
        DASHBOARD_TOKEN: E2E.grafana.token,
        DASHBOARD_PUBLIC_URL: E2E.dashboardPublicUrl,
        SEED_DEMO: "false",
      },
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `${E2E.bareURL}/api/health`,
      reuseExistingServer: false,
      // its seed writes the demo community's two years of curves first (about 45 s on 2 cores)
      timeout: 240_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(BARE_PORT),
        APP_URL: E2E.bareURL,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        EMBEDDED_PG_PORT: String(E2E.barePgPort),
        // the demo household (tests/e2e/demo.spec.ts), its Linky history synced by this server's
        // workers as after npm run go: at the vendor's own pace (5 calls a second, about a minute),
        // which leaves the machine to the specs running meanwhile
        SEED_DEMO: "true",
        DEMO_USER_EMAIL: E2E.demo.email,
        DEMO_USER_PASSWORD: E2E.demo.password,
        FOYER_WORKERS: "true",
        LINKY_SANDBOX_MAX_PER_SECOND: "5",
        LINKY_MAX_PER_SECOND: "5",
      },
    },
  ],
});
