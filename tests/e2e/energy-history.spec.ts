import { expect } from "@playwright/test";
import { apiUser, PHONE, snap, test, openSession } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const PRODUCER = "24880057139941";
const CONSUMER = "25946599093143";

test("link Linky: each meter's history arrives with a progress bar, then its range; Sync now queues a catch-up", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const user = await apiUser(baseURL!);
  expect((await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } })).ok).toBe(true);
  await openSession(page, user.email, user.password);

  await page.goto("/integrations");
  await page.getByRole("button", { name: "Link Linky meter", exact: true }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Your integration has been created")).toBeVisible();

  // Home shows the history arriving, then Integrations shows each meter in detail
  const history = page.getByRole("region", { name: "Your energy history" });
  await expect(history.getByRole("region", { name: `Meter ${PRODUCER}` })).toBeVisible();
  await expect(history.getByRole("progressbar", { name: new RegExp(`meter ${PRODUCER}`) })).toBeVisible();

  await page.goto("/integrations");
  const producer = page.getByRole("region", { name: `Meter ${PRODUCER}` });
  const consumer = page.getByRole("region", { name: `Meter ${CONSUMER}` });
  await expect(producer.getByText(/\d+ of \d+ days fetched/)).toBeVisible();
  await snap(page, "energy-sync-running-desktop");

  // the page follows the sync by itself, without a reload, until both are up to date
  for (const meter of [producer, consumer]) {
    await expect(meter.getByText("Up to date")).toBeVisible({ timeout: 150_000 });
    await expect(meter.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(meter.getByText(/^\d+ of \d+ days fetched \(100 %\)/)).toBeVisible();
    await expect(meter.getByText(/\d{2} \w{3} \d{4} to \d{2} \w{3} \d{4}/)).toBeVisible();
  }
  // the consumer's production is known to be absent: only its consumption days are due
  await expect(consumer.getByText(/^745 of 745 days fetched/)).toBeVisible();
  await expect(producer.getByText(/^1490 of 1490 days fetched/)).toBeVisible();
  await expect(producer.getByText("9 kVA, HC/HP, off-peak (22H00-6H00)")).toBeVisible();
  await snap(page, "energy-sync-done-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "energy-sync-done-phone");

  await producer.getByRole("button", { name: `Sync now: meter ${PRODUCER}` }).click();
  await expect(page.getByText("A catch-up of this meter's history is queued")).toBeVisible();
});
