// Every household page hydrates the page the server drew: React takes over its elements instead of
// throwing them away and drawing the page again (what a hydration mismatch does: the whole page's
// work twice on a phone's CPU, and a flash). Before, a phone's /device-info hydrated its card list
// over the server's table (useMediaQuery with noSsr), and a device's page arrived as a loading
// state its data then replaced. Run as the demo household of the second server (it only looks).
import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { DESKTOP, PHONE, test, openSession } from "./helpers";

// a reader in another time zone than the server's (UTC here): a text the server writes in its own
// zone and the browser in the reader's differs between the two, and React then draws the page again
test.use({ baseURL: E2E.bareURL, timezoneId: "America/New_York" });

/** The first link on `path` whose address matches `pattern` (a device's or a location's page). */
async function firstHref(page: Page, path: string, pattern: RegExp) {
  await page.goto(path);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link like ${pattern} on ${path}`).toBeTruthy();
  return href!;
}

test("on a phone and a desktop, each household page keeps the elements the server drew", async ({ page }) => {
  // <main> and its first heading as the HTML parser made them, before any script ran
  await page.addInitScript(() => {
    const w = window as unknown as { __main?: Element; __h1?: Element };
    new MutationObserver((_, observer) => {
      w.__main ??= document.querySelector("main") ?? undefined;
      w.__h1 ??= w.__main?.querySelector("h1") ?? undefined;
      if (w.__h1) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await openSession(page, E2E.demo.email, E2E.demo.password);
  const device = await firstHref(page, "/device-info", /^\/device-info\/\d+$/);
  const card = await firstHref(page, "/user-devices", /^\/user-devices\/\d+\/edit$/);
  const location = await firstHref(page, "/locations/", /^\/locations\/\d+\/edit$/);
  // a phone differs from what the server assumes (it has no viewport); a desktop, the pages of one item
  const pages = ["/", "/integrations", "/device-info", device, `${device}/edit`, "/user-devices", card, "/locations/", location, "/schedules", "/protected"];
  for (const [viewport, paths] of [[PHONE, pages], [DESKTOP, [device, `${device}/edit`, card, location]]] as const) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      // a mismatch is found during hydration; SWR's first revalidation comes after
      await page.waitForTimeout(300);
      const kept = await page.evaluate(() => {
        const w = window as unknown as { __main?: Element; __h1?: Element };
        return { main: w.__main?.isConnected, h1: w.__h1?.isConnected };
      });
      expect(kept, `${path} at ${viewport.width} px: React kept the server's <main> and heading`).toEqual({ main: true, h1: true });
    }
  }
});

test("a device or location that is not the household's: its page shows its own error, the server having left it out", async ({ page }) => {
  await openSession(page, E2E.demo.email, E2E.demo.password);
  for (const path of ["/device-info/999999", "/device-info/999999/edit", "/user-devices/999999/edit", "/locations/999999/edit"]) {
    await page.goto(path);
    await expect(page.getByText("Not found", { exact: true }), path).toBeVisible();
  }
});
