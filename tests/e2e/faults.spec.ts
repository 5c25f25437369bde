import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { clusterPids } from "../helpers/cluster";
import { signedIn, snap, test } from "./helpers";

// A database fault through the real server: pages as well as the API answer 503 with Retry-After
// (never 500, never a hang), the page says so in the household's words, and everything answers
// again once the database is back, without a restart. The e2e server's own cluster is frozen
// (SIGSTOP on the postmaster and its children) for the length of this test; specs run one at a time.

const dataDir = path.resolve(".data", `e2e-${new URL(E2E.baseURL).port}`, "pg", "data");

test("a frozen database: pages and the API answer 503 with Retry-After and say so; they answer again once it is back", async ({ page, baseURL }) => {
  test.skip(!fs.existsSync(path.join(dataDir, "postmaster.pid")), "the e2e server runs on a PostgreSQL of its own, not the embedded cluster this test freezes");
  test.setTimeout(120_000);
  const user = await signedIn(page, baseURL!);
  expect((await page.goto("/device-info"))?.status()).toBe(200);

  const frozen = clusterPids(dataDir);
  for (const pid of frozen) process.kill(pid, "SIGSTOP");
  try {
    for (const path of ["/device-info", "/schedules", "/protected"]) {
      const started = Date.now();
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(503);
      expect(res?.headers()["retry-after"], path).toBe("2");
      // bounded by the pool's timeouts (connect 3 s, statement 5 s + 1 s), never a hang
      expect(Date.now() - started, path).toBeLessThan(15_000);
      await expect(page.getByRole("heading", { name: "This page could not be loaded" }), path).toBeVisible();
      await expect(page.getByRole("button", { name: "Try again" }), path).toBeVisible();
    }
    await snap(page, "fault-database-frozen-page");
    const api = await page.request.get("/api/v1/locations/my", { headers: { authorization: `Bearer ${user.token}` } });
    expect(api.status()).toBe(503);
    expect(api.headers()["retry-after"]).toMatch(/^\d+$/);
    expect((await api.json()).code).toBe("unavailable");
  } finally {
    for (const pid of frozen) process.kill(pid, "SIGCONT");
  }
  // back: the same pages answer, and "Try again" brings the page back in place
  await expect.poll(async () => (await page.request.get("/api/health")).status(), { timeout: 30_000 }).toBe(200);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "My Account", exact: true })).toBeVisible({ timeout: 15_000 });
  expect((await page.goto("/device-info"))?.status()).toBe(200);
});
