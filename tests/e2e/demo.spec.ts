// The demo household that `npm run go` prints (prisma/demo.ts), as seeded on the second e2e server:
// logged in, it shows every feature at once, in English and in French: its notice accepted (Home
// asks nothing), Linky, Netatmo and Legrand linked through the sandboxes with the Linky history
// synced and priced, six devices at its home tied to those links, a battery schedule split by
// season. It only looks: nothing of the demo is changed, so its tests may run in any order.
import { expect, type Locator, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { DEMO_PRM, demoHistorySynced, logIn, PHONE, snapBoth, test } from "./helpers";

test.use({ baseURL: E2E.bareURL });

const PRM = DEMO_PRM;
const DEVICES = ["shellyemg3-C45BBE6B2D42", "spoony-3P-0042", "linky-09123456789012", "linky-tic-021861348497", "netatmo-relay-70ee50", "legrand-plant-meter"];

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** What use-intl writes in place of a message the page was not sent: its namespace and key. */
const MESSAGE_KEY = /\b(?:common|home|energy|integrations)\.[a-z]\w*\.\w/;

test("the demo household shows every feature at once", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await demoHistorySynced(baseURL!);
  await logIn(page, E2E.demo.email, E2E.demo.password);

  // Home: no notice to accept; the history synced and priced; the three links
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Camille" })).toBeVisible();
  // linked already: the welcome follows the energy, no longer asks to link an integration
  await expect(page.getByText(/^Foyer brings the energy .* Follow your energy below/)).toBeVisible();
  await expect(page.getByText(/Start by linking an integration/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirm Acceptance" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Privacy notice" })).toHaveCount(0);
  const history = page.getByRole("region", { name: "Your energy history" });
  // the summary's link is its title (its name the words it shows); € and kg CO₂ under each figure, with the credit
  await expect(history.getByRole("link", { name: "My Energy", exact: true })).toBeVisible();
  await expect(history.getByText("Yesterday")).toBeVisible();
  await expect(history.getByText(/^\d[\d,]*(\.\d+)? kWh$/).first()).toBeVisible();
  await expect(history.getByText(/^€\d[\d,]*\.\d{2} · \d+(\.\d+)? kg CO₂ \(estimated\)$/).first()).toBeVisible();
  await expect(history.getByText("Carbon intensity: Electricity Maps (ODbL)")).toBeVisible();
  const meter = history.getByRole("region", { name: `Meter ${PRM}` });
  await expect(meter.getByText("Up to date")).toBeVisible();
  // Home sends some groups of My Energy's messages only (app/page.tsx): one it uses and does not send shows as its key
  await expect(page.locator("main")).not.toContainText(MESSAGE_KEY);
  await expect(meter.getByText(/^1490 of 1490 days fetched \(100 %\)/)).toBeVisible();
  const linked = page.getByRole("table", { name: "My Integrations" });
  await expect(linked.getByRole("row")).toHaveCount(4);
  await expect(linked.getByRole("row", { name: new RegExp(`^Linky grid-operator meter Sandbox data ${PRM} `) })).toBeVisible();
  await expect(linked.getByRole("row", { name: /^Netatmo\/Legrand Sandbox data / })).toBeVisible();
  await expect(linked.getByRole("row", { name: /^Legrand IOT Sandbox data / })).toBeVisible();
  for (const sample of ["Legrand Plants", "Linky", "Netatmo"]) await expect(page.getByRole("region", { name: sample, exact: true })).toBeVisible();
  await snapBoth(page, "demo-home");

  // Integrations: all three linked, the meter's whole history held, its contract
  await page.goto("/integrations");
  for (const vendor of ["Linky meter", "Netatmo", "Legrand"]) {
    const card = page.getByRole("region", { name: vendor, exact: true });
    await expect(card.getByText(/^Linked since \d{2} \w{3} \d{4}$/)).toBeVisible();
    await expect(card.getByRole("button", { name: `Unlink ${vendor}` })).toBeVisible();
  }
  const linky = page.getByRole("region", { name: `Meter ${PRM}` });
  await expect(linky.getByText("Up to date")).toBeVisible();
  await expect(linky.getByText(/^\d{2} \w{3} \d{4} to \d{2} \w{3} \d{4}$/)).toBeVisible();
  await expect(linky.getByText(/^6 kVA, HC\/HP, off-peak \(22H00-6H00\)$/)).toBeVisible();
  await snapBoth(page, "demo-integrations");

  // My Devices: six devices at Home, those read from a vendor tied to the household's link
  await page.goto("/user-devices");
  await expect(page.getByRole("article")).toHaveCount(DEVICES.length);
  for (const id of DEVICES) await expect(page.getByRole("article", { name: id }).getByText("Location", { exact: true })).toBeVisible();
  const device = (id: string) => page.getByRole("article", { name: id });
  await expect(device("shellyemg3-C45BBE6B2D42")).toContainText("LocationHome");
  await expect(device("linky-09123456789012")).toContainText("SourceLinky (Enedis API)IntegrationLinky grid-operator meter");
  await expect(device("netatmo-relay-70ee50")).toContainText("SourceNetatmo APIIntegrationNetatmo/Legrand");
  await expect(device("legrand-plant-meter")).toContainText("SourceLegrand APIIntegrationLegrand IOT");
  await expect(device("shellyemg3-C45BBE6B2D42").getByRole("listitem")).toHaveText(["Grid emeter_0 Consumption W", "Solar panels emeter_1 Production W"].map((t) => new RegExp(`^${t.replace(/ /g, "\\s*")}$`)));
  await snapBoth(page, "demo-user-devices");

  // Schedules: the battery split by season, the water heater at night
  await page.goto("/schedules");
  const battery = page.getByRole("article", { name: "Home battery" });
  await expect(battery.getByText("Split in 2 parts")).toBeVisible();
  await expect(battery.getByRole("img", { name: "Part 1: October–March, Every day, 10:00–16:00, at 2,000 W" })).toBeVisible();
  await expect(battery.getByRole("img", { name: "Part 2: April–September, Every day, 09:00–17:00, at 3,000 W" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Water heater" }).getByRole("img", { name: "All year, Every day, 01:00–06:00, at 1,500 W" })).toBeVisible();
  await snapBoth(page, "demo-schedules");

  // Locations: Home in Grenoble, with its six devices
  await page.goto("/locations/");
  const home = page.getByRole("region", { name: "Home" });
  await expect(home.getByText("France · 45.18756, 5.73578")).toBeVisible();
  await expect(home.getByText("6 devices", { exact: true })).toBeVisible();
  for (const id of DEVICES) await expect(home.getByRole("article", { name: `Device ${id}` })).toBeVisible();
  await snapBoth(page, "demo-locations");
});

test("the demo's Linky TIC reader is live on My Energy, on the meter its frames name", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const token = await demoHistorySynced(baseURL!);
  // the simulator's standard-mode frames carry the demo Linky's PRM: the reader is tied to it
  await expect
    .poll(async () => {
      const now = (await (await fetch(`${baseURL}/api/v1/energy/now`, { headers: { authorization: `Bearer ${token}` } })).json()) as { devices: { format: string; meter_prm: string | null }[] };
      return now.devices.filter((d) => d.format === "teleinfo").map((d) => d.meter_prm);
    }, { timeout: 60_000 })
    .toEqual([PRM]);
  await logIn(page, E2E.demo.email, E2E.demo.password);
  await page.goto("/dashboards");
  const tic = page.getByRole("region", { name: "Your Linky right now (TIC)" });
  await expect(tic.getByText("frames arriving")).toBeVisible({ timeout: 30_000 });
  await expect(tic.getByText(/ drawn today$/)).toBeVisible();
  await expect(tic.getByText("the reader does not say which meter it reads")).toHaveCount(0);
  await expect(tic.getByRole("link", { name: /^Details: TIC reader linky-tic-/ })).toBeVisible();
  await snapBoth(page, "demo-my-energy-tic");
});

test("the pages' own stylesheets draw them: Home's cards and tags, the device table, My Devices' and the vendors' cards, the week grid either way round", async ({ page }) => {
  // Home's sections, the tags, the device list and the schedules' week grids are plain elements with
  // the classes of CSS Modules (docs/performance.md, "The pages in plain CSS"):
  // without those stylesheets every check below fails
  await logIn(page, E2E.demo.email, E2E.demo.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const main = page.getByRole("main");
  // the app's sections: cards with the divider's border and round corners, three to a row
  const cards = ["/integrations", "/device-info", "/locations/"].map((href) => main.locator(`a[href="${href}"]`).first());
  const boxes = await Promise.all(cards.map((c) => c.boundingBox()));
  expect(boxes.map((b) => Math.round(b!.y))).toEqual(Array(3).fill(Math.round(boxes[0]!.y)));
  expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
  expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
  await expect(cards[0]).toHaveCSS("border-radius", "30px");
  await expect(cards[0]).toHaveCSS("border-top-width", "1px");
  // a tag: MUI's small outlined Chip, its words in the text colour
  const tag = main.getByText("Sandbox data", { exact: true }).first().locator("..");
  await expect(tag).toHaveCSS("height", "24px");
  await expect(tag).toHaveCSS("border-radius", "12px");
  await expect(tag).toHaveCSS("color", "rgba(0, 0, 0, 0.87)");
  // 'My Integrations': a table whose head is bold
  await expect(main.getByRole("table").getByRole("columnheader", { name: "Integration Name" })).toHaveCSS("font-weight", "700");

  // the device list: the head bold on a tint, View and Edit drawn as small text buttons
  await page.goto("/device-info");
  const table = page.getByRole("table", { name: "Devices" });
  await expect(table.getByRole("columnheader", { name: "Device ID" })).toHaveCSS("font-weight", "700");
  await expect(table.getByRole("columnheader", { name: "Device ID" })).toHaveCSS("background-color", "rgba(0, 0, 0, 0.04)");
  const view = table.getByRole("link", { name: /^View / }).first();
  await expect(view).toHaveCSS("padding", "4px 5px");
  await expect(view).toHaveCSS("color", "rgb(27, 107, 79)");

  // My Devices: the cards three to a row and as tall as each other, round and bordered; the labels in
  // a column of 84 px (140 in French); Edit drawn as a small outlined button, View as a text one
  await page.goto("/user-devices");
  const deviceCards = DEVICES.slice(0, 3).map((id) => page.getByRole("article", { name: id }));
  const row = await Promise.all(deviceCards.map((c) => c.boundingBox()));
  expect(new Set(row.map((b) => Math.round(b!.y))).size).toBe(1);
  expect(new Set(row.map((b) => Math.round(b!.height))).size).toBe(1);
  expect(row[0]!.x + row[0]!.width + 20).toBeCloseTo(row[1]!.x, 0);
  await expect(deviceCards[0]).toHaveCSS("border-radius", "30px");
  await expect(deviceCards[0]).toHaveCSS("border-top-width", "1px");
  await expect(deviceCards[0].getByText("Location", { exact: true })).toHaveCSS("width", "84px");
  const edit = deviceCards[0].getByRole("link", { name: `Edit Device ${DEVICES[0]}` });
  await expect(edit).toHaveCSS("padding", "3px 9px");
  await expect(edit).toHaveCSS("border-top-color", "rgba(27, 107, 79, 0.5)");
  await expect(deviceCards[0].getByRole("link", { name: `View ${DEVICES[0]}` })).toHaveCSS("padding", "4px 5px");
  await page.context().addCookies([{ name: "foyer-locale", value: "fr", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("article", { name: DEVICES[0] }).getByText("Lieu", { exact: true })).toHaveCSS("width", "140px");
  await page.context().clearCookies({ name: "foyer-locale" });

  // the vendors' cards: three to a row, each with its icon on a tinted tile; beside Linky's sync
  // progress each keeps its own height (the row's top, not its height)
  await page.goto("/integrations");
  const vendorCards = ["Legrand", "Netatmo", "Linky meter"].map((name) => page.getByRole("region", { name, exact: true }));
  const vendorRow = await Promise.all(vendorCards.map((c) => c.boundingBox()));
  expect(new Set(vendorRow.map((b) => Math.round(b!.y))).size).toBe(1);
  expect(vendorRow[0]!.x + vendorRow[0]!.width + 20).toBeCloseTo(vendorRow[1]!.x, 0);
  expect(vendorRow[2]!.height).toBeGreaterThan(vendorRow[0]!.height);
  await expect(vendorCards[0]).toHaveCSS("border-radius", "30px");
  const tile = vendorCards[0].locator("svg").first().locator("..");
  await expect(tile).toHaveCSS("width", "44px");
  await expect(tile).toHaveCSS("background-color", "rgba(27, 107, 79, 0.14)");

  // a week grid: a day's 24 hours across, left to right, on a desktop; down, top to bottom, on a phone
  const hours = () => page.locator(".wg-cell").evaluateAll((cells) => cells.slice(0, 24).map((c) => c.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), h: Math.round(r.height) })));
  await page.goto("/schedules");
  await expect(page.locator(".wg-cell").first()).toBeVisible();
  const across = await hours();
  expect(new Set(across.map((c) => c.y)).size).toBe(1);
  expect(across.every((c, i) => i === 0 || c.x > across[i - 1].x)).toBe(true);
  expect(across[0].h).toBe(12);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.locator(".wg-cell").first()).toBeVisible();
  const down = await hours();
  expect(new Set(down.map((c) => c.x)).size).toBe(1);
  expect(down.every((c, i) => i === 0 || c.y > down[i - 1].y)).toBe(true);
});

// what makes a button's look, beside what its state changes (the colours of a disabled one)
const BOX = ["display", "align-items", "justify-content", "box-sizing", "min-width", "height", "padding", "border-radius", "border-top-width", "border-top-style", "font-family", "font-size", "font-weight", "line-height", "text-transform", "text-decoration-line", "vertical-align", "cursor"];
const COLOURS = ["color", "background-color", "border-top-color"];
const buttonLook = (button: Locator) =>
  button.evaluate(
    (el, [box, colours]) => {
      const style = (e: Element | null | undefined, props: string[]) => (e ? Object.fromEntries(props.map((p) => [p, getComputedStyle(e).getPropertyValue(p)])) : null);
      const icon = el.querySelector("svg");
      return {
        disabled: (el as HTMLButtonElement).disabled === true,
        box: style(el, box),
        colours: style(el, colours),
        icon: style(icon, ["width", "height", "fill"]),
        iconPlace: style(icon?.parentElement, ["display", "margin-left", "margin-right"]),
      };
    },
    [BOX, COLOURS],
  );
type Look = Awaited<ReturnType<typeof buttonLook>>;
/** A button drawn by PlainButton or PlainLinkButton against MUI's Button of the same look, on the same theme. */
function expectSameLook(ours: Look, mui: Look, { icon = true } = {}) {
  expect(ours.box).toEqual(mui.box);
  expect(ours.disabled).toBe(mui.disabled);
  expect(ours.colours).toEqual(mui.colours);
  if (icon) {
    expect(ours.icon).not.toBeNull();
    expect(ours.icon).toEqual(mui.icon);
    expect(ours.iconPlace).toEqual(mui.iconPlace);
  }
}

test("the list pages' buttons, drawn from a stylesheet, look as MUI's Buttons: contained, outlined, text in the error colour, large, disabled", async ({ page }) => {
  // PlainButton and PlainLinkButton (components/ui/plain-button.tsx) draw the buttons a list page
  // renders on every view; a device's own page and the schedule editor still use MUI's Button: the
  // same looks compared there, property by property, in both colour schemes
  await logIn(page, E2E.demo.email, E2E.demo.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/device-info");
    const myDevices = await buttonLook(page.getByRole("link", { name: "My Devices", exact: true }));
    const newDevice = await buttonLook(page.getByRole("link", { name: "New Device", exact: true }));
    await page.getByRole("link", { name: `View ${DEVICES[0]}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: DEVICES[0] })).toBeVisible();
    const editDevice = await buttonLook(page.getByRole("link", { name: "Edit Device", exact: true }));
    const newMeasure = await buttonLook(page.getByRole("button", { name: "New Measure", exact: true }));
    const deleteDevice = await buttonLook(page.getByRole("button", { name: "Delete", exact: true }));
    expectSameLook(myDevices, editDevice);
    expectSameLook(newDevice, newMeasure);
    if (colorScheme === "light") expect(newDevice.colours!["background-color"]).toBe("rgb(27, 107, 79)");

    // a schedule's Edit and Delete against the device's; New (large, contained) against the
    // editor's Save, both disabled while the editor is open
    await page.goto("/schedules");
    const card = page.getByRole("article", { name: "Water heater" });
    expectSameLook(await buttonLook(card.getByRole("button", { name: /^Edit / })), editDevice);
    expectSameLook(await buttonLook(card.getByRole("button", { name: /^Delete / })), deleteDevice);
    await page.getByRole("button", { name: "New", exact: true }).click();
    const save = page.getByRole("button", { name: "Save", exact: true });
    await expect(save).toBeDisabled();
    const newSchedule = await buttonLook(page.getByRole("button", { name: "New", exact: true }));
    expectSameLook(newSchedule, await buttonLook(save), { icon: false });
    expect(newSchedule.box!.padding).toBe("8px 22px");
    expect(newSchedule.icon).toEqual({ width: "22px", height: "22px", fill: newSchedule.colours!.color });
  }
});

test.describe("in French", () => {
  test.use({ locale: "fr-FR" });

  test("the demo household shows every feature at once, in French", async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    await demoHistorySynced(baseURL!);
    await page.goto("/login");
    const login = page.getByRole("form", { name: "Connexion" });
    await login.getByLabel("E-mail").fill(E2E.demo.email);
    await login.getByLabel("Mot de passe", { exact: true }).fill(E2E.demo.password);
    await login.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto("/");
    expect(await lang(page)).toBe("fr");
    await expect(page.getByRole("heading", { level: 1, name: "Bienvenue, Camille" })).toBeVisible();
    await expect(page.getByText(/Suivez votre énergie ci-dessous/)).toBeVisible();
    await expect(page.getByText(/Commencez par relier une intégration/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Confirmer l'acceptation" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Avis de confidentialité" })).toHaveCount(0);
    const history = page.getByRole("region", { name: "Votre historique d'énergie" });
    await expect(history.getByRole("link", { name: "Mon énergie", exact: true })).toBeVisible();
    await expect(history.getByText("Hier")).toBeVisible();
    await expect(history.getByText(/^\d[\d\s]*(,\d+)?\skWh$/).first()).toBeVisible();
    await expect(history.getByText(/^\d[\d\s]*,\d{2}\s€ · \d+(,\d+)?\skg CO₂ \(estimé\)$/).first()).toBeVisible();
    await expect(history.getByText(/^Intensité carbone\s: Electricity Maps \(ODbL\)$/)).toBeVisible();
    const meter = history.getByRole("region", { name: `Compteur ${PRM}` });
    await expect(meter.getByText("À jour")).toBeVisible();
    await expect(page.locator("main")).not.toContainText(MESSAGE_KEY);
    await expect(meter.getByText(/^1490 jours récupérés sur 1490 \(100\s%\)/)).toBeVisible();
    const linked = page.getByRole("table", { name: "Mes intégrations" });
    await expect(linked.getByRole("row")).toHaveCount(4);
    await expect(linked.getByRole("row").filter({ hasText: PRM })).toContainText("Données du bac à sable");
    await snapBoth(page, "demo-home-fr");

    await page.goto("/integrations");
    await expect(page.getByRole("heading", { level: 1, name: "Vos intégrations" })).toBeVisible();
    for (const [vendor, unlink] of [["Compteur Linky", "Dissocier le compteur Linky"], ["Netatmo", "Dissocier Netatmo"], ["Legrand", "Dissocier Legrand"]]) {
      const card = page.getByRole("region", { name: vendor, exact: true });
      await expect(card.getByText(/^Lié depuis le \d{2} [a-zéû.]+ \d{4}$/)).toBeVisible();
      await expect(card.getByRole("button", { name: unlink })).toBeVisible();
    }
    const linky = page.getByRole("region", { name: `Compteur ${PRM}` });
    await expect(linky.getByText("À jour")).toBeVisible();
    await expect(linky.getByText(/^du \d{2} [a-zéû.]+ \d{4} au \d{2} [a-zéû.]+ \d{4}$/)).toBeVisible();
    await expect(linky.getByText(/^6\skVA, HC\/HP, heures\screuses \(22H00-6H00\)$/)).toBeVisible();
    await snapBoth(page, "demo-integrations-fr");

    await page.goto("/user-devices");
    await expect(page.getByRole("heading", { level: 1, name: "Mes appareils" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(DEVICES.length);
    for (const id of DEVICES) await expect(page.getByRole("article", { name: id })).toContainText("LieuHome");
    const device = (id: string) => page.getByRole("article", { name: id });
    await expect(device("linky-09123456789012")).toContainText("Source de donnéesLinky (API Enedis)IntégrationCompteur Linky (gestionnaire de réseau)");
    await expect(device("netatmo-relay-70ee50")).toContainText("Source de donnéesAPI NetatmoIntégrationNetatmo/Legrand");
    await expect(device("legrand-plant-meter")).toContainText("Source de donnéesAPI LegrandIntégrationLegrand IOT");
    await snapBoth(page, "demo-user-devices-fr");

    await page.goto("/schedules");
    const battery = page.getByRole("article", { name: "Home battery" });
    await expect(battery.getByText("Divisé en 2 parties")).toBeVisible();
    await expect(battery.getByRole("img", { name: /^Partie 1 : octobre–mars, Tous les jours, 10:00–16:00, à 2\s000 W$/ })).toBeVisible();
    await expect(battery.getByRole("img", { name: /^Partie 2 : avril–septembre, Tous les jours, 09:00–17:00, à 3\s000 W$/ })).toBeVisible();
    await expect(page.getByRole("article", { name: "Water heater" }).getByRole("img", { name: /^Toute l'année, Tous les jours, 01:00–06:00, à 1\s500 W$/ })).toBeVisible();
    await snapBoth(page, "demo-schedules-fr");

    await page.goto("/locations/");
    const home = page.getByRole("region", { name: "Home" });
    await expect(home.getByText("France · 45,18756 ; 5,73578")).toBeVisible();
    await expect(home.getByText("6 appareils", { exact: true })).toBeVisible();
    for (const id of DEVICES) await expect(home.getByRole("article", { name: `Appareil ${id}` })).toBeVisible();
    await snapBoth(page, "demo-locations-fr");

    // in the dark, as a system set so has it from the first paint: the switch says so in French,
    // and Home, My Energy and the schedules read in the dark scheme (axe in both, as every snap)
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-dark"))).toBe(true);
    await expect(page.getByRole("switch", { name: "Mode sombre" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("region", { name: `Compteur ${PRM}` }).getByText("À jour")).toBeVisible();
    await snapBoth(page, "demo-home-fr-dark");
    await page.goto("/dashboards");
    await expect(page.getByRole("heading", { name: "Mes tableaux de bord" })).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await snapBoth(page, "demo-my-energy-fr-dark");
    await page.goto("/schedules");
    await expect(page.getByRole("article", { name: "Home battery" }).getByText("Divisé en 2 parties")).toBeVisible();
    await snapBoth(page, "demo-schedules-fr-dark");
    await page.emulateMedia({ colorScheme: null });
  });
});
