import { expect, type Page } from "@playwright/test";
import { PHONE, snap as snapPage, test, signedIn, DESKTOP } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const METERS = ["24880057139941", "25946599093143"];

/** Clicks a card's Link (or Link again) on an integrations page and accepts on the sandbox's consent page. */
async function linkThroughSandbox(page: Page, button: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(page.getByText("Sandbox", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Accept" }).click();
}

/** A full-page screenshot taken from the top (the sticky header stays where it belongs). */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("link the Linky meter through the sandbox, read its consumption, link it again and unlink it", async ({ page, baseURL }) => {
  // a long walk (two consent round trips, the history's first sync, screenshots at desktop and
  // phone sizes): 42-52 s in a full run, past Playwright's 60 s on a slower machine
  test.setTimeout(180_000);
  await signedIn(page, baseURL!);

  // nothing linked: the home says so in each section
  await page.goto("/");
  const mine = section(page, "My Integrations");
  await expect(mine.getByText("No integration linked yet")).toBeVisible();
  await expect(section(page, "Linky").getByRole("link", { name: "Link Linky" })).toBeVisible();
  await snap(page, "home-integrations-empty-desktop");

  await mine.getByRole("link", { name: "Add/Update integration" }).click();
  await expect(page).toHaveURL(/\/integrations-setup$/);
  await expect(page.getByRole("heading", { name: "Add or update an integration" })).toBeVisible();
  await expect(page.getByText("Not linked")).toHaveCount(3);
  await expect(page.getByText(/deprecated in 2023/)).toBeVisible();
  await snap(page, "integrations-setup-desktop");

  await page.goto("/integrations");
  await expect(page.getByRole("heading", { name: "Your Integrations" })).toBeVisible();
  await snap(page, "integrations-empty-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "integrations-empty-phone");
  await page.setViewportSize(DESKTOP);

  // link: our page → the vendor's consent page (the sandbox) → back home with the blue toast
  await linkThroughSandbox(page, "Link Linky meter");
  await expect(page.getByText("Your integration has been created")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const row = section(page, "My Integrations").getByRole("row", { name: /Linky grid-operator meter/ });
  await expect(row).toContainText(`${METERS[0]}, ${METERS[1]}`);
  await expect(row).toContainText("Sandbox data");
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

  // the Linky section: the buttons wait for a meter
  const linky = section(page, "Linky");
  await expect(linky.getByText(/last 7 days/)).toBeVisible();
  await expect(linky.getByRole("button", { name: "Get consumption" })).toBeDisabled();
  await expect(linky.getByRole("button", { name: "Get production" })).toBeDisabled();
  // the browser's own select: no meter chosen yet, then the meters to choose from
  const meter = linky.getByRole("combobox", { name: "Choose the meter" });
  await expect(meter).toHaveValue("");
  await expect(meter.locator("option:not([disabled])")).toHaveText(METERS);
  await meter.selectOption(METERS[1]);

  // this meter produces nothing: the vendor's failure in a sentence, its JSON one click away
  await linky.getByRole("button", { name: "Get production" }).click();
  await expect(linky.getByText("This meter reports no production: no solar panels?", { exact: true })).toBeVisible();
  const failure = linky.getByRole("region", { name: "Linky production: error" });
  await expect(failure).toBeHidden();
  const showRaw = linky.getByRole("button", { name: "Show raw data" });
  await expect(showRaw).toHaveAttribute("aria-expanded", "false");
  await snap(page, "home-linky-no-production-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "home-linky-no-production-phone");
  await page.setViewportSize(DESKTOP);
  await showRaw.click();
  await expect(linky.getByRole("button", { name: "Hide raw data" })).toHaveAttribute("aria-expanded", "true");
  await expect(failure).toContainText('"detail": "The Linky service answered with an error"');
  await expect(failure).toContainText('"error": "no_data_found"');
  await snap(page, "home-linky-no-production-raw-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "home-linky-no-production-raw-phone");
  await page.setViewportSize(DESKTOP);

  // a success replaces the error
  await linky.getByRole("button", { name: "Get consumption" }).click();
  await expect(failure).toBeHidden();
  await expect(linky.getByText(/no solar panels/)).toBeHidden();
  await expect(linky.locator("dd").first()).toHaveText(METERS[1]);

  // each day's energy first, then the first day's half hours
  const perDay = linky.getByRole("region", { name: "Consumption per day" });
  const days = perDay.getByRole("button");
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAttribute("aria-pressed", "true");
  await expect(days.first()).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2} [A-Z][a-z]{2} \d{4} \d+(\.\d{1,2})? kWh$/);
  await expect(perDay).toContainText(/ kWh over 7 days/);
  const readings = linky.getByRole("table", { name: "Consumption readings" });
  await expect(readings.getByRole("columnheader")).toHaveText(["Date", "Value (W)", "Interval", "Type"]);
  await expect(readings.getByRole("row")).toHaveCount(49); // a day of 48 half-hours, and the header
  await expect(readings.getByRole("row").nth(1)).toHaveText(/^00:00–00:30\d+30 minB$/);
  // Enedis' type code stays in its column, said in words above the table (and read with it)
  const typeB = "Type B: a gross (“brut”) value, as the meter measured it.";
  await expect(linky.getByText(typeB, { exact: true })).toBeVisible();
  await expect(readings).toHaveAccessibleDescription(typeB);
  await expect(readings.getByRole("row").nth(48)).toContainText("23:30–00:00");
  const day = linky.getByRole("status");
  await expect(day).toContainText("(day 1 of 7)");
  // the day's kWh is its 48 average powers times half an hour
  const watts = (await readings.locator("tbody td.num").allTextContents()).map(Number);
  const kwh = Number(/: ([\d.]+) kWh/.exec((await day.textContent()) ?? "")?.[1]);
  expect(Math.abs(kwh - (watts.reduce((a, w) => a + w, 0) * 0.5) / 1000)).toBeLessThanOrEqual(0.0501);
  await expect(days.first()).toContainText(`${(await day.textContent())?.match(/: ([\d.]+ kWh)/)?.[1]}`);
  // no scroll box of its own: the page scrolls, and nothing between the table and the section clips it
  const nested = await readings.evaluate((table) => {
    for (let el = table.parentElement; el && el.tagName !== "SECTION"; el = el.parentElement) {
      const { overflowY } = getComputedStyle(el);
      if (overflowY === "auto" || overflowY === "scroll" || overflowY === "hidden") return el.outerHTML.slice(0, 120);
    }
    return null;
  });
  expect(nested).toBeNull();
  await expect(linky.getByRole("button", { name: "Previous day" })).toBeDisabled();
  await snap(page, "home-linky-desktop");
  await page.setViewportSize(PHONE);
  // on a phone the table fits its section's padding: nothing to scroll sideways
  const fits = await readings.evaluate((table) => {
    const box = table.closest("[aria-labelledby='linky-title']")!;
    return table.getBoundingClientRect().right <= box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight) + 0.5;
  });
  expect(fits).toBe(true);
  await snap(page, "home-linky-phone");
  await page.setViewportSize(DESKTOP);

  // the next day from the keyboard, then the last day from the summary
  await linky.getByRole("button", { name: "Next day" }).focus();
  await page.keyboard.press("Enter");
  await expect(day).toContainText("(day 2 of 7)");
  await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(days.first()).toHaveAttribute("aria-pressed", "false");
  await expect(linky.getByRole("button", { name: "Previous day" })).toBeEnabled();
  await days.last().click();
  await expect(day).toContainText("(day 7 of 7)");
  await expect(linky.getByRole("button", { name: "Next day" })).toBeDisabled();
  await expect(readings.getByRole("row").nth(1)).toContainText("00:00–00:30");
  await linky.getByRole("button", { name: "Previous day" }).click();
  await expect(day).toContainText("(day 6 of 7)");

  // link again: the same integration, updated
  // (the meters' sync comes with the page: the Linky card does not open on a placeholder, then grow)
  const html = await (await page.request.get("/integrations")).text();
  for (const id of METERS) expect(html).toContain(`Meter ${id}`);
  await page.goto("/integrations");
  const card = page.getByRole("region", { name: "Linky meter" });
  await expect(card.getByText(/^Linked since \d{2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(card.getByText(`${METERS[0]}, ${METERS[1]}`)).toBeVisible();
  // the other cards in its row keep their own height: stretched to the Linky card, their Link
  // buttons moved with each change of its sync progress, and a click meant for one landed on text
  // (a CI run never reached Legrand's consent page)
  await expect(card.getByText(/^\d+ of \d+ days fetched/)).toHaveCount(2);
  const height = async (name: string) => (await page.getByRole("region", { name, exact: true }).boundingBox())!.height;
  expect(await height("Legrand")).toBeLessThan((await height("Linky meter")) / 2);
  // and the Linky card's own buttons sit above its meters' sync, which grows while it runs
  const top = async (l: import("@playwright/test").Locator) => (await l.boundingBox())!.y;
  expect(await top(card.getByRole("button", { name: "Unlink Linky meter" }))).toBeLessThan(await top(card.getByRole("region", { name: `Meter ${METERS[0]}` })));
  await snap(page, "integrations-linked-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "integrations-linked-phone");
  await page.setViewportSize(DESKTOP);
  await linkThroughSandbox(page, "Link again Linky meter");
  await expect(page.getByText("Your integration has been updated")).toBeVisible();
  await expect(section(page, "My Integrations").getByRole("row")).toHaveCount(2);

  // unlink, after a confirmation that can be cancelled, while the catch-up that linking again
  // queued runs: its progress grows below the buttons, which stay where they are
  await page.goto("/integrations");
  await card.getByRole("button", { name: "Unlink Linky meter" }).click();
  const dialog = page.getByRole("dialog", { name: "Unlink Linky meter?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Linked since/)).toBeVisible();
  await card.getByRole("button", { name: "Unlink Linky meter" }).click();
  await dialog.getByRole("button", { name: "Unlink and keep history" }).click();
  await expect(page.getByText("Linky meter was unlinked")).toBeVisible();
  await expect(card.getByText("Not linked")).toBeVisible();
  await page.goto("/");
  await expect(section(page, "My Integrations").getByText("No integration linked yet")).toBeVisible();
});

test("a refused consent comes back to Your Integrations with the reason, and nothing is linked", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  await page.goto("/integrations");
  await page.getByRole("button", { name: "Link Netatmo" }).click();
  await page.getByRole("button", { name: "Refuse" }).click();
  await expect(page).toHaveURL(/\/integrations\?error=access_denied$/);
  const refused = page.getByRole("alert").filter({ hasText: "could not be linked" });
  await expect(refused).toContainText("You declined the access at the vendor");
  await expect(page.getByText("Not linked")).toHaveCount(3);
  await snap(page, "integrations-refused-desktop");
  await refused.getByRole("button", { name: "Close" }).click();
  await expect(refused).toBeHidden();
  await expect(page).toHaveURL(/\/integrations$/);
});

test("Netatmo homes and Legrand plants through the sandbox", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  await page.goto("/integrations");
  await linkThroughSandbox(page, "Link Netatmo");
  await expect(page.getByText("Your integration has been created")).toBeVisible();

  const netatmo = section(page, "Netatmo");
  await expect(netatmo.getByText("Sandbox data")).toBeVisible();
  await netatmo.getByRole("button", { name: "Get homes data" }).click();
  // the home as a card: where it is, its rooms with their modules, its modules in words
  const home = netatmo.getByRole("article", { name: "Sandbox home" });
  await expect(home).toContainText("France · Europe/Paris · 1 room, 2 modules");
  await expect(home.getByRole("heading", { level: 4 })).toHaveText(["Rooms", "Modules"]);
  await expect(home.getByRole("listitem")).toHaveText(["Living room: Thermostat", "Relay", "Thermostat · Smart thermostat · in Living room"]);
  // the vendor's JSON one click away
  const homesJson = netatmo.getByRole("region", { name: "Netatmo homes" });
  await expect(homesJson).toBeHidden();
  await netatmo.getByRole("button", { name: "Show raw data" }).click();
  await expect(homesJson).toContainText('"homes"');
  await expect(homesJson).toContainText('"type": "NATherm1"');
  await netatmo.getByRole("button", { name: "Hide raw data" }).click();
  await expect(homesJson).toBeHidden();
  await expect(section(page, "My Integrations").getByRole("row", { name: /Netatmo\/Legrand/ })).toContainText("not available");
  // Legrand is not linked yet: its section says how
  await expect(section(page, "Legrand Plants").getByRole("link", { name: "Link Legrand" })).toBeVisible();

  await page.goto("/integrations");
  await linkThroughSandbox(page, "Link Legrand");
  await expect(page.getByText("Your integration has been created")).toBeVisible();
  const plants = section(page, "Legrand Plants");
  await expect(plants.getByText(/Click the button/)).toBeVisible();
  await plants.getByRole("button", { name: "Get plants from Home control API" }).click();
  const plant = plants.getByRole("article", { name: "Sandbox home" });
  await expect(plant).toContainText("France");
  await expect(plant).toContainText("No rooms or modules are listed for this plant.");
  await expect(plants.getByRole("region", { name: "Legrand plants" })).toBeHidden();
  await expect(section(page, "My Integrations").getByRole("row", { name: /Legrand IOT/ })).toBeVisible();
  await netatmo.getByRole("button", { name: "Get homes data" }).click();
  await expect(home).toBeVisible();
  await snap(page, "home-netatmo-legrand-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "home-netatmo-legrand-phone");
  await page.setViewportSize(DESKTOP);

  const showPlants = plants.getByRole("button", { name: "Show raw data" });
  await expect(showPlants).toHaveAttribute("aria-expanded", "false");
  await showPlants.click();
  await expect(plants.getByRole("button", { name: "Hide raw data" })).toHaveAttribute("aria-expanded", "true");
  await expect(plants.getByRole("region", { name: "Legrand plants" })).toContainText('"name": "Sandbox home"');
  await netatmo.getByRole("button", { name: "Show raw data" }).click();
  await expect(homesJson).toContainText('"homes"');
  await snap(page, "home-netatmo-legrand-raw-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "home-netatmo-legrand-raw-phone");
  await page.setViewportSize(DESKTOP);

  // Legrand unlinked elsewhere (another tab): the plants' failure in a sentence, its JSON one click away
  const mine = await page.request.get("/api/integrations");
  const { results } = (await mine.json()) as { results: { id: number; name: string }[] };
  const legrand = results.find((i) => i.name === "legrand")!;
  expect((await page.request.delete(`/api/integrations/${legrand.id}`, { headers: { origin: baseURL! } })).status()).toBe(204);
  await plants.getByRole("button", { name: "Get plants from Home control API" }).click();
  await expect(plants.getByText("You have no Legrand integration: link your Legrand account first.", { exact: true })).toBeVisible();
  await expect(plant).toBeHidden();
  await plants.getByRole("button", { name: "Show raw data" }).click();
  await expect(plants.getByRole("region", { name: "Legrand plants: error" })).toContainText('"detail": "You have no Legrand integration');
  await snap(page, "home-legrand-failure-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "home-legrand-failure-phone");
});
