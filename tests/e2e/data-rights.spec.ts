import fs from "node:fs";
import path from "node:path";
import { expect, type Download, type Page } from "@playwright/test";
import { apiUser, PHONE, snap, test, historySynced, DESKTOP, openSession } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const PRODUCER = "24880057139941";
const CONSUMER = "25946599093143";
// tests/fixtures/enedis: a new usage point with bad lines, and a week of 2024 for the sandbox's consumer
const FIXTURES = path.resolve("tests/fixtures/enedis");
const NEW_PRM = "99999999999991";
const BAD_LINES = path.join(FIXTURES, "customer-area-bad-lines.csv");
const CONSUMER_2024 = path.join(FIXTURES, "customer-area-sandbox-consumer-2024-01.csv");

/** A full-page screenshot from the top (the sticky app bar would otherwise sit mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { download, bytes: fs.readFileSync(file) };
}

test("My Account: download a meter's readings as CSV and XML, import Enedis customer-area files, see the imported days in My Energy", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const user = await apiUser(baseURL!);
  expect((await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } })).ok).toBe(true);
  await openSession(page, user.email, user.password);
  await page.setViewportSize(DESKTOP);

  await page.goto("/integrations");
  await page.getByRole("button", { name: "Link Linky meter", exact: true }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Your integration has been created")).toBeVisible();
  await historySynced(baseURL!, user.token);

  await page.goto("/protected");
  const data = page.getByRole("region", { name: "Your energy data" });
  const producer = data.getByRole("listitem", { name: `Meter ${PRODUCER}` });
  const consumer = data.getByRole("listitem", { name: `Meter ${CONSUMER}` });
  await expect(producer.getByText(/^Readings held: \d{2} \w{3} \d{4} to \d{2} \w{3} \d{4}$/)).toBeVisible();
  await expect(consumer.getByText(/^Readings held: /)).toBeVisible();
  await shot(page, "data-rights-account-desktop");

  // CSV for French Excel (the default): BOM, `;`, decimal comma, one line per half hour
  await expect(producer.getByRole("combobox", { name: "Format" })).toHaveValue("csv-fr");
  const csv = await downloaded(page, () => producer.getByRole("link", { name: /^Download meter 24880057139941's readings as CSV for French Excel/ }).click());
  expect(csv.download.suggestedFilename()).toBe(`foyer-${PRODUCER}-readings.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("meter;kind;start_local;start_utc;duration;energy_wh;average_power_w;quality;source");
  expect(lines.at(-1)).toBe("");
  const rows = lines.slice(1, -1);
  const shape = new RegExp(`^${PRODUCER};(consumption|production);\\d{4}-\\d{2}-\\d{2}T\\d{2}:[03]0:00\\+0[12]:00;\\d{4}-\\d{2}-\\d{2}T\\d{2}:[03]0:00Z;PT30M;\\d+(,\\d{1,3})?;\\d+(,\\d+)?;(raw|corrected|other);sandbox$`);
  expect(rows.length).toBeGreaterThan(2 * 700 * 46);
  for (const r of [rows[0], rows[1], rows[Math.floor(rows.length / 2)], rows.at(-1)!]) expect(r).toMatch(shape);
  expect(rows[0].split(";")[1]).toBe("consumption");
  expect(rows.at(-1)!.split(";")[1]).toBe("production");

  // CSV with `,` for the consumer, then the XML modelled on IEC 62746-4
  await consumer.getByRole("combobox", { name: "Format" }).selectOption("csv-en");
  const csvEn = await downloaded(page, () => consumer.getByRole("link", { name: /^Download meter 25946599093143's readings as CSV \(,\)/ }).click());
  const en = csvEn.bytes.toString("utf8").split("\r\n");
  expect(en[0]).toBe("meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source");
  expect(en[1]).toMatch(new RegExp(`^${CONSUMER},consumption,[^,]+,[^,]+Z,PT30M,\\d+(\\.\\d+)?,\\d+(\\.\\d+)?,\\w+,sandbox$`));

  await producer.getByRole("combobox", { name: "Format" }).selectOption("xml");
  const xml = await downloaded(page, () => producer.getByRole("link", { name: /as XML modelled on IEC 62746-4/ }).click());
  expect(xml.download.suggestedFilename()).toBe(`foyer-${PRODUCER}-readings.xml`);
  const doc = xml.bytes.toString("utf8");
  expect(doc.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(doc).toContain('<ReferenceEnergyCurveHistoricalData_MarketDocument xmlns="http://IEC/62746">');
  expect(doc).toContain(`<mRID>${PRODUCER}-consumption</mRID>`);
  expect(doc).toContain(`<mRID>${PRODUCER}-production</mRID>`);
  expect(doc.trimEnd().endsWith("</ReferenceEnergyCurveHistoricalData_MarketDocument>")).toBe(true);

  // a file for a usage point not in the account, with bad lines: the preview lists them, the good ones go in a new meter
  const fileInput = data.getByLabel("Enedis CSV file");
  await fileInput.setInputFiles(BAD_LINES);
  const preview = data.getByRole("region", { name: "What customer-area-bad-lines.csv holds" });
  await expect(preview.getByText(`${NEW_PRM} — not in your account yet: importing adds it`)).toBeVisible();
  await expect(preview.getByText("05 Jan 2026", { exact: true })).toBeVisible();
  await expect(preview.getByText(/^\d+ half hours over 1 day, 1 interval without a value/)).toBeVisible();
  await expect(preview.getByText(/^\d+ lines cannot be read and will be skipped$/)).toBeVisible();
  const badList = preview.getByRole("list", { name: "Lines that cannot be read" });
  await expect(badList.getByText(/^Line 10: /)).toBeVisible();
  await expect(badList.getByText("2026-01-05T03:00:00+01:00;12OO")).toBeVisible();
  await shot(page, "data-rights-import-preview-desktop");
  await preview.getByRole("button", { name: /^Import the \d+ good lines$/ }).click();
  const done = data.getByRole("status").filter({ hasText: "customer-area-bad-lines.csv imported" });
  await expect(done).toContainText(`imported into meter ${NEW_PRM}`);
  await expect(done).toContainText(`Meter ${NEW_PRM} was added to your account.`);
  await expect(done).toContainText(/lines? skipped/);
  // the meters list refreshes by itself
  const added = data.getByRole("listitem", { name: `Meter ${NEW_PRM}` });
  await expect(added.getByText("Readings held: 05 Jan 2026 · not linked to Enedis")).toBeVisible();

  // a week of 2024 for the linked consumer: older than the API serves
  await fileInput.setInputFiles(CONSUMER_2024);
  const preview2 = data.getByRole("region", { name: "What customer-area-sandbox-consumer-2024-01.csv holds" });
  await expect(preview2.getByText(`${CONSUMER} — already in your account`)).toBeVisible();
  await expect(preview2.getByText("08 Jan 2024 to 14 Jan 2024")).toBeVisible();
  await expect(preview2.getByText("336 half hours over 7 days")).toBeVisible();
  await preview2.getByRole("button", { name: "Import", exact: true }).click();
  const done2 = data.getByRole("status").filter({ hasText: "customer-area-sandbox-consumer-2024-01.csv imported" });
  await expect(done2).toContainText("336 readings written, 0 already held, 08 Jan 2024 to 14 Jan 2024 (7 days).");
  await expect(consumer.getByText(/^Readings held: 08 Jan 2024 to /)).toBeVisible();
  await shot(page, "data-rights-import-done-desktop");

  // My Energy shows the imported week: January 2024 in the year's table
  await done2.getByRole("link", { name: "See it in My Energy" }).click();
  await expect(page).toHaveURL(/\/dashboards\?meter=\d+$/);
  await expect(page.getByRole("combobox", { name: "Meter" }).locator("option:checked")).toContainText(CONSUMER);
  // the sandbox serves daily totals back to 2024 but no curve: the hours of 7 January 2024 are
  // empty, those of 8 January come from the imported file
  await page.getByRole("tablist", { name: "Period" }).getByRole("tab", { name: "Custom" }).click();
  await page.getByLabel("From", { exact: true }).fill("2024-01-07");
  await page.getByLabel("To", { exact: true }).fill("2024-01-08");
  await expect(page.getByText("kWh per hour")).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
  await shot(page, "data-rights-my-energy-chart-desktop");
  await page.getByRole("group", { name: "Show as" }).getByRole("button", { name: "Table" }).click();
  const energyTable = page.getByRole("table", { name: "Energy per period" });
  await expect(energyTable.getByRole("row", { name: /^Sun 7 Jan 2024, 00:00/ })).toContainText("no data");
  await expect(energyTable.getByRole("row", { name: /^Mon 8 Jan 2024, 00:00/ }).getByRole("cell").first()).toHaveText(/^1\.4\d$/);
  await expect(energyTable.getByRole("row", { name: /^Mon 8 Jan 2024, 23:00/ }).getByRole("cell").first()).toHaveText(/^\d+\.\d+$/);
  await shot(page, "data-rights-my-energy-table-desktop");

  // the phone: the section and a preview at 375 px
  await page.setViewportSize(PHONE);
  await page.goto("/protected");
  await expect(data.getByRole("listitem", { name: `Meter ${NEW_PRM}` })).toBeVisible();
  await data.getByLabel("Enedis CSV file").setInputFiles(BAD_LINES);
  await expect(data.getByRole("region", { name: "What customer-area-bad-lines.csv holds" }).getByText(/already in your account/)).toBeVisible();
  await shot(page, "data-rights-account-phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** The names of a ZIP's entries (its central directory), read with yauzl. */
async function zipEntries(bytes: Buffer): Promise<string[]> {
  const yauzl = (await import("yauzl")).default;
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on("entry", (e: { fileName: string }) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

test("My Account: Download my data prepares a ZIP with progress, offers it, deletes it on request", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  const auth = { authorization: `Bearer ${user.token}` };
  expect((await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: auth })).ok).toBe(true);
  // a week of readings, imported through the API, so that the archive holds a meter's files
  const imported = await fetch(`${baseURL}/api/v1/meters/import`, { method: "POST", headers: { ...auth, "content-type": "text/csv" }, body: fs.readFileSync(CONSUMER_2024) });
  expect(imported.status).toBe(200);
  await openSession(page, user.email, user.password);
  await page.setViewportSize(DESKTOP);
  await page.goto("/protected");

  const section = page.getByRole("region", { name: "Download my data" });
  await expect(section.getByText("3 of 3 left today.", { exact: false })).toBeVisible();
  await section.getByRole("button", { name: "Prepare my data" }).click();
  // the progress shows while the job runs (or the file is already there on a fast machine)
  const ready = section.getByText(/^Your data is ready \(\d+ KB\), prepared on /);
  await expect(section.getByRole("status").or(ready)).toBeVisible();
  await expect(ready).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText("2 of 3 left today.", { exact: false })).toBeVisible();
  await shot(page, "data-rights-archive-ready-desktop");

  const zip = await downloaded(page, () => section.getByRole("link", { name: "Download ZIP" }).click());
  expect(zip.download.suggestedFilename()).toMatch(/^foyer-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(zip.bytes.subarray(0, 2).toString()).toBe("PK");
  expect(await zipEntries(zip.bytes)).toEqual([
    "README.txt", "account.json", "consents.json", "locations.json", "devices.json", "schedules.json", "integrations.json", "meters.json", "flexibility.json", "partner-access.json", "community.json",
    `readings/${CONSUMER}.csv`, `readings/${CONSUMER}.xml`,
  ]);

  // on a phone
  await page.setViewportSize(PHONE);
  await expect(ready).toBeVisible();
  await shot(page, "data-rights-archive-ready-phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // deleted on request: the link goes, the allowance stays spent
  await section.getByRole("button", { name: "Delete it now" }).click();
  await expect(ready).toBeHidden();
  await expect(section.getByRole("button", { name: "Prepare my data" })).toBeEnabled();
  await expect(section.getByText("2 of 3 left today.", { exact: false })).toBeVisible();
});
