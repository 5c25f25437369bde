import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3300);
/** Several runs may share the machine: E2E_PORT, E2E_PG_PORT and E2E_SMTP_PORT keep them apart. */
export const E2E = {
  baseURL: `http://127.0.0.1:${PORT}`,
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2587),
  pgPort: Number(process.env.E2E_PG_PORT ?? 54339),
  admin: { email: "admin@example.com", password: "e2e-admin-password" },
  /** where the dashboards' frames come from (no Grafana runs: specs fulfil its pages with page.route) */
  dashboardPublicUrl: "http://grafana.foyer.test",
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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${E2E.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT), APP_URL: E2E.baseURL, SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`, EMBEDDED_PG_PORT: String(E2E.pgPort), DASHBOARD_PUBLIC_URL: E2E.dashboardPublicUrl },
  },
});
