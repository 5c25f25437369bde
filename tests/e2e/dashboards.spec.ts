import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, logIn, PHONE, snap as snapPage, test } from "./helpers";

const DESKTOP = { width: 1280, height: 800 };
const ERROR = "There was an error loading your dashboards or they have not been enabled yet please try again later.";

/** A user who has accepted the privacy notice, logged in through the page. */
async function signedIn(page: Page, baseURL: string) {
  const user = await apiUser(baseURL);
  const res = await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  expect(res.ok).toBe(true);
  await logIn(page, user.email, user.password);
  return user;
}

/** A full-page screenshot at desktop width, then at phone width. */
async function snapBoth(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await snapPage(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Waits for the menu's grow transition to end, so a screenshot shows it whole. */
async function menuOpened(page: Page) {
  const paper = page.locator(".MuiMenu-paper");
  await expect(paper).toHaveCSS("opacity", "1");
  await expect(paper).toHaveCSS("transform", "none");
}

const dash = (id: number, title: string, folderTitle: string) => ({ id, title, url: `/d/uid-${id}/${title.toLowerCase().replace(/ /g, "-")}`, type: "dash-db", tags: ["production"], folderTitle });

test("without a dashboard service: My Energy, no error and no menu", async ({ page, baseURL }) => {
  const user = await signedIn(page, baseURL!);
  // the e2e server has no DASHBOARD_URL
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
});

test("with a dashboard service: My Energy first and the default, the dashboards by folder in kiosk mode", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  // the API's answer as the server gives it with Grafana configured (covered by the integration tests)
  let release!: () => void;
  const answered = new Promise<void>((r) => (release = r));
  await page.route("**/api/v1/dashboards", async (route) => {
    await answered;
    await route.fulfill({
      json: [dash(1, "Home overview", "General"), dash(3, "Solar production", "Energy"), dash(4, "Battery", "Energy"), dash(5, "Heat pump", "General")],
    });
  });
  // Grafana's kiosk page, as the frame would show it (from DASHBOARD_PUBLIC_URL: the pages' CSP lets
  // /dashboards frame that origin only)
  await page.route(`${E2E.dashboardPublicUrl}/d/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<body style="margin:0;font:16px sans-serif;background:#181b1f;color:#ccc;display:grid;place-items:center;height:100vh">Grafana kiosk: ${new URL(route.request().url()).pathname}</body>`,
    }),
  );

  await page.goto("/dashboards");
  // My Energy shows at once, whatever the dashboard service takes
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
  const button = page.getByRole("button", { name: "Change Dashboard" });
  await expect(button).toHaveCount(0);
  release();

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
  let answer: { status: number; json: unknown } = { status: 200, json: [] };
  await page.route("**/api/v1/dashboards", (route) => route.fulfill(answer));
  await page.goto("/dashboards");
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Dashboard" })).toHaveCount(0);
  await expect(page.getByText(ERROR)).toHaveCount(0);
  await snapBoth(page, "dashboards-empty");

  answer = { status: 502, json: { detail: "Failed to get grafana dashboards" } };
  await page.reload();
  await expect(page.getByText(ERROR)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();
  await snapBoth(page, "dashboards-failed");

  // a configured service may come back: "Try again" asks it again
  answer = { status: 200, json: [dash(1, "Home overview", "General")] };
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText(ERROR)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change Dashboard" })).toBeVisible();
});
