import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { PHONE, snap as snapPage, test, signedIn, snapBoth } from "./helpers";

const ERROR = "There was an error loading your dashboards or they have not been enabled yet please try again later.";

/** Waits for the menu's grow transition to end, so a screenshot shows it whole. */
async function menuOpened(page: Page) {
  const paper = page.locator(".MuiMenu-paper");
  await expect(paper).toHaveCSS("opacity", "1");
  await expect(paper).toHaveCSS("transform", "none");
}

/** Grafana's HTTP API as an editor calls it (the fake of the dashboard service the e2e server runs). */
async function grafanaApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${E2E.grafana.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E.grafana.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.json();
}

/** The fake's own switches (not Grafana's): its search failing, or held until let go. */
const grafanaFake = (what: "search-failure" | "search-hold", body?: unknown) =>
  fetch(`${E2E.grafana.url}/__fake/${what}`, { method: body === undefined ? "DELETE" : "PUT", body: body === undefined ? undefined : JSON.stringify(body) });

/** Dashboards published in Grafana (POST /api/dashboards/db), in this order; `folder` a folder's uid, none for General. */
async function publish(...dashboards: { id: number; title: string; folder?: string; tags?: string[] }[]) {
  for (const d of dashboards) {
    await grafanaApi("POST", "/api/dashboards/db", { dashboard: { id: null, uid: `uid-${d.id}`, title: d.title, tags: d.tags ?? ["production"] }, folderUid: d.folder, overwrite: false });
  }
}

// what a test put in Grafana goes with it, so that no other spec sees dashboards
test.afterEach(async () => {
  await grafanaFake("search-hold");
  await grafanaFake("search-failure");
  const items = (await grafanaApi("GET", "/api/search")) as { uid: string; type: string }[];
  for (const i of items.filter((x) => x.type === "dash-db")) await grafanaApi("DELETE", `/api/dashboards/uid/${i.uid}`);
  for (const i of items.filter((x) => x.type === "dash-folder")) await grafanaApi("DELETE", `/api/folders/${i.uid}`);
});

test.describe("on a server without a dashboard service", () => {
  test.use({ baseURL: E2E.bareURL });

  test("My Energy, no error and no menu, in English and in French", async ({ page, context, baseURL }) => {
    const user = await signedIn(page, baseURL!);
    // this server has no DASHBOARD_URL
    const api = await fetch(`${baseURL}/api/v1/dashboards`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(api.status).toBe(503);

    await page.goto("/dashboards");
    await expect(page.getByRole("heading", { name: "My Dashboards" })).toBeVisible();
    // no meter yet: My Energy's empty state leads to the integrations
    await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Link your Linky meter" })).toHaveAttribute("href", "/integrations");
    await expect(page.getByText(ERROR)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Change Dashboard" })).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await snapBoth(page, "dashboards-not-enabled");

    // the same in French (chosen as the language menu chooses it)
    await context.addCookies([{ name: "foyer-locale", value: "fr", url: baseURL! }]);
    await page.goto("/dashboards");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await expect(page).toHaveTitle("Tableaux de bord · Foyer");
    await expect(page.getByRole("heading", { name: "Mes tableaux de bord" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Aucun compteur Linky relié pour l'instant" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Relier votre compteur Linky" })).toHaveAttribute("href", "/integrations");
    await expect(page.getByText(/^Reliez votre compteur Linky et Foyer récupère son historique\s: /)).toBeVisible();
    await expect(page.getByText(/^Une erreur est survenue au chargement de vos tableaux de bord/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Réessayer" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Changer de tableau de bord" })).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await snapBoth(page, "dashboards-not-enabled-fr");
  });
});

test("with a dashboard service: My Energy first and the default, the dashboards by folder in kiosk mode", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  // Grafana holds a folder and five dashboards, one of them not published (no production tag)
  await grafanaApi("POST", "/api/folders", { uid: "energy", title: "Energy" });
  await publish(
    { id: 1, title: "Home overview" },
    { id: 2, title: "Draft panel", tags: ["staging"] },
    { id: 3, title: "Solar production", folder: "energy" },
    { id: 4, title: "Battery", folder: "energy" },
    { id: 5, title: "Heat pump" },
  );
  // Grafana answers the server's search only when the test lets it
  await grafanaFake("search-hold", {});

  await page.goto("/dashboards");
  // My Energy shows at once, whatever the dashboard service takes
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
  const button = page.getByRole("button", { name: "Change Dashboard" });
  await expect(button).toHaveCount(0);
  await grafanaFake("search-hold");

  // My Energy stays the default; the menu appears with the dashboards
  await expect(button).toBeVisible();
  const frame = page.locator("iframe");
  await expect(frame).toHaveCount(0);
  await expect(page.getByText("My Energy: your consumption, its cost and its carbon footprint.")).toBeVisible();
  await snapBoth(page, "dashboards-default");

  // the menu: My Energy first, then the folders in the order they come, the current item highlighted
  await button.click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem")).toHaveText(["My Energy", "Home overview", "Heat pump", "Solar production", "Battery"]);
  await expect(menu.locator("li:not([role=menuitem])")).toHaveText(["General", "Energy"]);
  const current = menu.getByRole("menuitem", { name: "My Energy" });
  await expect(current).toHaveAttribute("aria-current", "true");
  await expect(current).toHaveClass(/Mui-selected/);
  await expect(current).toBeFocused();
  await menuOpened(page);
  await snapPage(page, "dashboards-menu-desktop");

  // keyboard: down past the folder title to the next item, Enter chooses it, in kiosk mode
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Home overview" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(frame).toHaveAttribute("src", `${E2E.dashboardPublicUrl}/d/uid-1/home-overview?kiosk`);
  await expect(frame).toHaveAttribute("title", "Home overview");
  await expect(page.frameLocator("iframe").getByText("Grafana kiosk: /d/uid-1/home-overview")).toBeVisible();
  await expect(page.getByText("General · Home overview")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toHaveCount(0);
  await snapBoth(page, "dashboards-grafana");

  await button.click();
  await expect(menu.getByRole("menuitem", { name: "Home overview" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Heat pump" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Solar production" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(frame).toHaveAttribute("src", `${E2E.dashboardPublicUrl}/d/uid-3/solar-production?kiosk`);
  await expect(page.getByText("Energy · Solar production")).toBeVisible();

  await button.click();
  await expect(page.getByRole("menuitem", { name: "Solar production" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("menuitem", { name: "Home overview" })).not.toHaveAttribute("aria-current", "true");

  // on a phone: the menu and the frame fill the width
  await page.keyboard.press("Escape");
  await page.setViewportSize(PHONE);
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeGreaterThan(PHONE.width - 40);
  await button.click();
  await menuOpened(page);
  await snapPage(page, "dashboards-menu-phone");
  await page.getByRole("menuitem", { name: "Battery" }).click();
  await expect(frame).toHaveAttribute("src", `${E2E.dashboardPublicUrl}/d/uid-4/battery?kiosk`);

  // back to My Energy from the menu
  await button.click();
  await page.getByRole("menuitem", { name: "My Energy" }).click();
  await expect(frame).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
});

test("no published dashboard: My Energy alone; the dashboard service failing: the spec's message beside My Energy", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  // nothing tagged production in Grafana
  await publish({ id: 2, title: "Draft panel", tags: ["staging"] });
  await page.goto("/dashboards");
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Dashboard" })).toHaveCount(0);
  await expect(page.getByText(ERROR)).toHaveCount(0);
  await snapBoth(page, "dashboards-empty");

  // Grafana fails: the server answers 502
  await grafanaFake("search-failure", { status: 500, body: { message: "Internal Server Error" } });
  await page.reload();
  await expect(page.getByText(ERROR)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
  await snapBoth(page, "dashboards-failed");

  // the service comes back, with a dashboard: "Try again" asks it again
  await grafanaFake("search-failure");
  await publish({ id: 1, title: "Home overview" });
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText(ERROR)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change Dashboard" })).toBeVisible();
});
