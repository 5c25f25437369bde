import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { apiUser, PHONE, snap, test, historySynced, DESKTOP, hydrated, openSession } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const PRODUCER = "24880057139941";

/** The charts and cards have their answer (no skeleton, "Loading ...", and no busy period). */
async function settled(page: Page) {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

test("My Energy: periods, previous and next, a comparison that is remembered, tariff settings and costs, the table; Home's summary", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const user = await apiUser(baseURL!);
  expect((await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } })).ok).toBe(true);
  await openSession(page, user.email, user.password);

  await page.goto("/integrations");
  await page.getByRole("button", { name: "Link Linky meter", exact: true }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Your integration has been created")).toBeVisible();
  await historySynced(baseURL!, user.token);

  await page.goto("/dashboards");
  await expect(page.getByRole("heading", { name: "My Dashboards" })).toBeVisible();
  // two meters: a picker (the browser's own select), the producer first
  await expect(page.getByRole("combobox", { name: "Meter" }).locator("option:checked")).toContainText(PRODUCER);

  // the month of the newest day held, in days
  const tabs = page.getByRole("tablist", { name: "Period" });
  await expect(tabs.getByRole("tab", { name: "Month" })).toHaveAttribute("aria-selected", "true");
  const label = page.getByTestId("period-label");
  await expect(label).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  const energy = page.getByRole("region", { name: "Energy", exact: true });
  await expect(energy.getByRole("figure", { name: "Energy per period, in kWh" })).toBeVisible();
  await expect(energy.getByText("kWh per day")).toBeVisible();
  await expect(page.getByText("In days")).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals", exact: true });
  await expect(totals.getByText(/^\d[\d,.]* kWh$/).first()).toBeVisible();
  await expect(totals.getByText("Self-consumption (of your production)")).toBeVisible();
  await expect(totals.getByText(/Self-consumption is an estimate/)).toBeVisible();
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, "my-energy-month-desktop");
  // the chart's tooltip on hover; the arrow keys walk its buckets, each said in a live region
  const figure = energy.getByRole("figure", { name: "Energy per period, in kWh" });
  const box = (await figure.boundingBox())!;
  // over the month's first day: the month shown is the newest day's, which may be its first days only
  await page.mouse.move(box.x + box.width * 0.06, box.y + box.height * 0.6);
  await expect(figure.getByText(/^Consumption \d/)).toBeVisible();
  await snap(page, "my-energy-tooltip-desktop");
  await page.mouse.move(0, 0);
  await figure.focus();
  await page.keyboard.press("ArrowRight");
  await expect(figure.locator("[aria-live=polite]")).toContainText(/Consumption \d/);

  // previous and next
  const month = await label.textContent();
  await page.getByRole("button", { name: "Previous period" }).click();
  await expect(label).not.toHaveText(month!);
  await settled(page);
  await page.getByRole("button", { name: "Next period" }).click();
  await expect(label).toHaveText(month!);

  // day: hours by default, 30-minute points on demand; then week and year
  await tabs.getByRole("tab", { name: "Day" }).click();
  await expect(label).toHaveText(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(page.getByRole("button", { name: "Auto (hours)" })).toBeVisible();
  await expect(energy.getByText("kWh per hour")).toBeVisible();
  await page.getByRole("button", { name: "30 min" }).click();
  await expect(energy.getByText("kWh per half hour")).toBeVisible();
  await settled(page);
  await snap(page, "my-energy-day-desktop");
  const day = await label.textContent();
  await page.getByRole("button", { name: "Previous period" }).click();
  await expect(label).not.toHaveText(day!);
  await page.getByRole("button", { name: "Next period" }).click();
  await expect(label).toHaveText(day!);

  await tabs.getByRole("tab", { name: "Week" }).click();
  await expect(label).toHaveText(/^\d{1,2} [A-Z][a-z]{2}( \d{4})? – \d{1,2} [A-Z][a-z]{2} \d{4}$|^\d{1,2}–\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(energy.getByText("kWh per half hour")).toBeVisible();
  await page.getByRole("button", { name: /^Auto/ }).click();
  await expect(energy.getByText("kWh per day")).toBeVisible();

  await tabs.getByRole("tab", { name: "Year" }).click();
  await expect(label).toHaveText(/^\d{4}$/);
  await expect(energy.getByText("kWh per month")).toBeVisible();
  await expect(page.getByRole("button", { name: "30 min" })).toHaveCount(0);
  await settled(page);
  await snap(page, "my-energy-year-desktop");

  // compare with the same period last year: the compared bars beside, remembered after a reload
  await tabs.getByRole("tab", { name: "Month" }).click();
  await page.getByRole("combobox", { name: "Compare with" }).selectOption({ label: "Same period last year" });
  await expect(energy.getByText("Same period last year")).toBeVisible();
  await expect(totals.getByText(/^Same period last year \(/)).toBeVisible();
  await settled(page);
  await snap(page, "my-energy-compare-desktop");
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("combobox", { name: "Compare with" }).locator("option:checked")).toHaveText("Same period last year");
  await expect(page.getByRole("region", { name: "Energy", exact: true }).getByText("Same period last year")).toBeVisible();

  // tariff settings: validation messages, then HP/HC at 9 kVA, and the costs split HP/HC
  await page.getByRole("button", { name: "Tariff settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Tariff settings" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "Tariff option" }).click();
  await page.getByRole("option", { name: "Peak / off-peak (HP/HC)" }).click();
  await dialog.getByRole("combobox", { name: "Subscribed power" }).click();
  await page.getByRole("option", { name: "9 kVA", exact: true }).click();
  await expect(dialog.getByRole("combobox", { name: "Range 1 from" })).toHaveText("22:00");
  await expect(dialog.getByRole("combobox", { name: "Range 1 to" })).toHaveText("06:00");
  await dialog.getByRole("button", { name: "Add a range" }).click();
  await dialog.getByRole("combobox", { name: "Range 2 from" }).click();
  await page.getByRole("option", { name: "05:00", exact: true }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Range 2: Off-peak ranges must not overlap")).toBeVisible();
  await snap(page, "my-energy-tariff-desktop");
  await dialog.getByRole("combobox", { name: "Range 2 from" }).click();
  await page.getByRole("option", { name: "12:30", exact: true }).click();
  await dialog.getByRole("combobox", { name: "Range 2 to" }).click();
  await page.getByRole("option", { name: "14:00", exact: true }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your tariff settings are saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  const costs = page.getByRole("region", { name: "Costs", exact: true });
  await expect(costs.getByText(/Peak \/ off-peak \(HP\/HC\), 9 kVA/)).toBeVisible();
  await expect(costs.getByText(/^Peak hours \(HP\)/)).toBeVisible();
  await expect(costs.getByText(/^Off-peak hours \(HC\)/)).toBeVisible();
  await expect(costs.getByText(/€\d/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Cost", exact: true }).getByRole("figure", { name: "Cost per period, in euros" })).toBeVisible();
  const cheaper = page.getByRole("region", { name: "Which option would have been cheaper" });
  await expect(cheaper.getByText("Your option", { exact: true })).toBeVisible();
  // a verdict with the difference in €, the estimated parts said in one sentence
  await expect(cheaper.getByText(/would have cost €[\d,]+\.\d{2} less than your HP\/HC\.$|^Your option, HP\/HC, was the cheapest, by €[\d,]+\.\d{2} over the next one\.$/)).toBeVisible();
  await expect(cheaper.getByText(/^Estimated: .*Tempo/)).toBeVisible();
  // carbon: the sandbox's history is 2024-2026, outside the bundled 2023: estimated, said so, credited
  const carbon = page.getByRole("region", { name: "Carbon", exact: true });
  await expect(carbon.getByText(/^\d[\d,]*(\.\d+)? kg CO₂$/)).toBeVisible();
  await expect(carbon.getByText("Estimate", { exact: true })).toBeVisible();
  await expect(carbon.getByText(/^Estimated: no measured intensity covers these dates/)).toBeVisible();
  await expect(carbon.getByText("Your hours with the most CO₂")).toBeVisible();
  await expect(carbon.getByText("Carbon intensity: Electricity Maps (ODbL)")).toBeVisible();
  await expect(page.getByRole("region", { name: "Carbon footprint" }).getByRole("figure", { name: "Carbon per period, in kg CO₂" })).toBeVisible();
  await settled(page);
  await snap(page, "my-energy-costs-desktop");

  // the table: the same numbers, one row a day
  await page.getByRole("button", { name: "Table", exact: true }).click();
  const table = energy.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toContainText(["Period", "Consumption (kWh)", "Same period last year (kWh)", "Production (kWh)", "Cost (€)", "CO₂ (kg)"]);
  const rowsShown = await table.locator("tbody tr").count();
  expect(rowsShown).toBeGreaterThanOrEqual(1);
  await snap(page, "my-energy-table-desktop");

  // Download: what is shown as CSV (French Excel), made in the page from the table's rows; by keyboard
  const download = page.getByRole("button", { name: "Download the numbers shown as CSV" });
  await expect(download).toBeEnabled();
  await page.getByRole("button", { name: "Table", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(download).toBeFocused();
  const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^foyer-${PRODUCER}-consumption-production-(\\d{4}-\\d{2})-01_\\1-\\d{2}-day\\.csv$`));
  const csv = fs.readFileSync(await file.path(), "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const csvLines = csv.slice(1).split("\r\n");
  expect(csvLines.pop()).toBe("");
  // kg CO₂ as in the table, whether estimated, and the credit the data's licence asks for
  expect(csvLines[0]).toBe("start_local;end_local;consumption_kwh;last_year_consumption_kwh;production_kwh;cost_eur;last_year_cost_eur;co2_kg;partial;last_year_start_local;co2_estimated;co2_source");
  expect(csvLines[1]).toMatch(/;\d+,\d+;(true|false);[^;]*;true;Carbon intensity: Electricity Maps \(ODbL\)$/);
  expect(csvLines.length - 1).toBe(rowsShown);
  expect(csvLines[1]).toMatch(/^\d{4}-\d{2}-01T00:00:00\+0[12]:00;\d{4}-\d{2}-02T00:00:00\+0[12]:00;/);

  // the keyboard reaches the controls
  await page.getByRole("button", { name: "Chart", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(energy.getByRole("figure", { name: "Energy per period, in kWh" })).toBeVisible();

  // on a phone
  await page.setViewportSize(PHONE);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("figure", { name: "Energy per period, in kWh" })).toBeVisible();
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "my-energy-phone");
  await page.getByRole("button", { name: "Tariff settings" }).click();
  await expect(page.getByRole("dialog", { name: "Tariff settings" })).toBeVisible();
  await snap(page, "my-energy-tariff-phone");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.setViewportSize(DESKTOP);

  // Home: the summary links here
  await page.goto("/");
  const summary = page.getByRole("link", { name: /^My Energy/ }).first();
  await expect(summary).toBeVisible();
  await expect(page.getByText("Yesterday").first()).toBeVisible();
  await expect(page.getByText(/This month so far/).first()).toBeVisible();
  await snap(page, "my-energy-home-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "my-energy-home-phone");
  await summary.click();
  await expect(page).toHaveURL(/\/dashboards\?meter=\d+$/);
  await expect(page.getByRole("combobox", { name: "Meter" }).locator("option:checked")).toContainText(PRODUCER);
  // the second meter's summary opens that meter
  await page.goto("/");
  await page.getByRole("link", { name: /^My Energy/ }).nth(1).click();
  await expect(page.getByRole("combobox", { name: "Meter" }).locator("option:checked")).not.toContainText(PRODUCER);
});
