// The community (docs/community.md) on the second e2e server, whose seed made the demo community
// (50 households of "Les Tilleuls" with two years of curves, and the demo household among them):
// the operator opens its view, changes the period, replays the keys, downloads the coefficient
// file and reads the reconciliation of Enedis' figures; the demo household sees how its home
// compares and its share of local solar. Desktop and phone, in English and in French. Nothing of
// the demo is changed (the specs of this server run in any order).
import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { demoHistorySynced, logIn, snapBoth, test } from "./helpers";

test.use({ baseURL: E2E.bareURL });

const tab = (page: Page, name: RegExp) => page.getByRole("tab", { name });

async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), "utf8") };
}

test("the operator sees the community over any period, replays the keys and downloads the coefficient file", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/admin#/community");
  await expect(page.getByRole("heading", { level: 1, name: "Community · Les Tilleuls" })).toBeVisible({ timeout: 30_000 });
  // the last 12 months by month: the figures, the chart, the heatmap
  const overview = page.getByRole("tabpanel", { name: "Overview" });
  await expect(overview.getByText("Self-consumption", { exact: true })).toBeVisible();
  await expect(overview.getByText(/^\d+(\.\d)?\s?%$/).first()).toBeVisible();
  await expect(overview.getByRole("table").first()).toBeVisible();
  await snapBoth(page, "community-overview");
  // a month by day
  await overview.getByRole("button", { name: "By day" }).click();
  await expect(page).toHaveURL(/by=day/);
  await expect(overview.getByText("Self-consumption", { exact: true })).toBeVisible();
  const csv = await downloadOf(page, () => overview.getByRole("link", { name: "Download CSV" }).first().click());
  expect(csv.name).toMatch(/^foyer-community-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text.split("\r\n")[0]).toBe("start,consumption_kwh,production_kwh,self_consumed_kwh,surplus_kwh");

  // the members
  await tab(page, /^Members$/).click();
  const members = page.getByRole("tabpanel", { name: "Members" });
  await expect(members.getByRole("row").filter({ hasText: "member-01@community.example" })).toBeVisible();
  await snapBoth(page, "community-members");

  // the keys replayed side by side, and the coefficient file of this month
  await tab(page, /^Allocation keys$/).click();
  const keys = page.getByRole("tabpanel", { name: "Allocation keys" });
  await keys.getByRole("button", { name: "Simulate" }).click();
  for (const key of ["Static", "Dynamic (default)", "Dynamic simple"]) await expect(keys.getByRole("columnheader", { name: new RegExp(`^${key.replace(/[()]/g, "\\$&")}`) }).first()).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, "community-keys");
  const totals = await downloadOf(page, () => keys.getByRole("button", { name: "Download the keys' totals (CSV)" }).click());
  expect(totals.text.split("\r\n")[0]).toBe("key,in_force,production_kwh,consumption_kwh,allocated_kwh,surplus_kwh,self_consumption,self_sufficiency,savings_eur");
  expect(totals.text.trim().split("\r\n")).toHaveLength(4);
  const coef = await downloadOf(page, () => keys.getByRole("button", { name: "Download the coefficient file" }).click());
  expect(coef.name).toMatch(/^foyer-coefficients-\d{4}-\d{2}\.csv$/);
  const lines = coef.text.trim().split("\r\n");
  expect(lines[0]).toBe("prm;date_debut;date_fin;coefficient_pct");
  expect(lines.slice(1).reduce((s, l) => s + Number(l.split(";")[3]), 0)).toBeCloseTo(100, 6);

  // Enedis' figures of last month, imported by the seed: Foyer lacks two days of one household
  await tab(page, /^Enedis data$/).click();
  const enedis = page.getByRole("tabpanel", { name: "Enedis data" });
  await expect(enedis.getByText(/Foyer lacks 2 day\(s\) of meter \d{14}'s curve/)).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, "community-enedis");
});

test.describe("in French", () => {
  test.use({ locale: "fr-FR" });

  test("the operator reads the community in French", async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    // the login page read in English (the helper's labels), then Foyer in French
    await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL! }]);
    await logIn(page, E2E.admin.email, E2E.admin.password);
    await context.addCookies([{ name: "foyer-locale", value: "fr", url: baseURL! }]);
    await page.goto("/admin#/community");
    await expect(page.getByRole("heading", { level: 1, name: "Communauté · Les Tilleuls" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("tabpanel", { name: "Vue d'ensemble" }).getByText("Autoconsommation", { exact: true })).toBeVisible();
    await snapBoth(page, "community-fr-overview");
    await tab(page, /^Données Enedis$/).click();
    await expect(page.getByText(/Il manque à Foyer 2\sjours de la courbe du compteur \d{14}/)).toBeVisible({ timeout: 30_000 });
    await snapBoth(page, "community-fr-enedis");
  });

  test("the demo household sees how its home compares, in French", async ({ page, context, baseURL }) => {
    test.setTimeout(300_000);
    await comparisonReady(baseURL!);
    await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL! }]);
    await logIn(page, E2E.demo.email, E2E.demo.password);
    await context.addCookies([{ name: "foyer-locale", value: "fr", url: baseURL! }]);
    await page.goto("/dashboards");
    const homes = page.getByRole("region", { name: "Logements comme le mien" });
    await expect(homes.getByText("Logements typiques").first()).toBeVisible({ timeout: 30_000 });
    await homes.scrollIntoViewIfNeeded();
    await snapBoth(page, "community-fr-homes-like-mine");
  });
});

/** The demo household's history synced and rolled up: its last month compared (the rollup job follows the sync). */
async function comparisonReady(baseURL: string) {
  const token = await demoHistorySynced(baseURL);
  await expect
    .poll(async () => ((await (await fetch(`${baseURL}/api/v1/users/me/homes_like_mine`, { headers: { authorization: `Bearer ${token}` } })).json()) as { monthly: { status: string } | null }).monthly?.status, { timeout: 200_000, intervals: [2000] })
    .toBe("ok");
}

test("the demo household sees how its home compares and its share of local solar", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await comparisonReady(baseURL!);
  await logIn(page, E2E.demo.email, E2E.demo.password);
  await page.goto("/dashboards");
  const homes = page.getByRole("region", { name: "Homes like mine" });
  await expect(homes.getByText("Typical homes").first()).toBeVisible({ timeout: 30_000 });
  await expect(homes.getByText(/^Compared with \d+ similar homes/).first()).toBeVisible();
  await expect(homes.getByText(/^A French household uses [\d,.]+ kWh in such a period on average \(Enedis 2024, via jechange\.fr\)\.$/).first()).toBeVisible();
  const share = page.getByRole("region", { name: "Your share of local solar" });
  await expect(share.getByText(/^Since \w{3} \d{4}, the community's production covered [\d,.]+ kWh of your consumption/)).toBeVisible();
  await homes.scrollIntoViewIfNeeded();
  await snapBoth(page, "community-homes-like-mine");
  // its home's profile in My Account
  await page.goto("/protected");
  const home = page.getByRole("region", { name: "Your home" });
  await expect(home.getByLabel("Floor area (m²)")).toHaveValue("95");
  await home.scrollIntoViewIfNeeded();
  await snapBoth(page, "community-account-home");
  // a floor area out of range is said beside its field, in words, and nothing is sent
  let sent = 0;
  page.on("request", (r) => void (r.method() === "PUT" && r.url().includes("/api/v1/users/me/household") && sent++));
  await home.getByLabel("Floor area (m²)").fill("5");
  await home.getByLabel("Occupants").fill("25");
  await home.getByRole("button", { name: "Update my home" }).click();
  await expect(home.getByText("Enter a whole number of m² from 9 to 1000.")).toBeVisible();
  await expect(home.getByText("Enter a whole number from 1 to 20.")).toBeVisible();
  await snapBoth(page, "community-account-home-range");
  expect(sent).toBe(0);
});
