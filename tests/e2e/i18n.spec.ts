import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { signedIn, snap, snapBoth, test, openSession } from "./helpers";

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** How far the page runs past the screen's right edge (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The visitors' pages fit a 360 px phone, top bar included. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/login", "/signup", "/privacy"]) {
    await page.goto(path);
    expect(await overflow(page), path).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("reads Foyer in French from the first visit; the header's menu switches to English, remembered", async ({ page }) => {
    await page.goto("/");
    expect(await lang(page)).toBe("fr");
    const nav = page.getByRole("navigation", { name: "Principale" });
    await expect(nav.getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "S'inscrire" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pied de page" }).getByRole("link", { name: "Politique de confidentialité" })).toBeVisible();
    await snapBoth(page, "i18n-landing-fr");
    await fitsAPhone(page);

    // the menu offers each language in its own name; English is remembered across pages and visits
    await page.getByRole("button", { name: "Langue : Français" }).click();
    await expect(page.getByRole("menuitem", { name: "Français" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
    expect(await lang(page)).toBe("en");
    await page.goto("/login");
    expect(await lang(page)).toBe("en");
    await expect(page.getByRole("button", { name: "Language: English" })).toBeVisible();
    await fitsAPhone(page);
    await page.goto("/login");

    // and back to French with the keyboard
    await page.getByRole("button", { name: "Language: English" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Français" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Langue : Français" })).toBeVisible();
    await page.reload();
    expect(await lang(page)).toBe("fr");

    // a page that does not exist, in French, still a 404
    const missing = await page.goto("/nowhere-at-all");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Cette page n'existe pas" })).toBeVisible();
    await expect(page).toHaveTitle("Page introuvable · Foyer");
    await snapBoth(page, "i18n-not-found-fr");
  });
});

test("a household chooses French in My Account: the whole shell follows, on every page, until it chooses again", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  await page.goto("/protected");
  expect(await lang(page)).toBe("en");
  const language = page.getByRole("combobox", { name: "Language" });
  await expect(language).toHaveValue("en");
  await language.selectOption("fr");
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
  await expect(page.getByRole("heading", { name: "Langue et apparence" })).toBeVisible();
  expect(await lang(page)).toBe("fr");
  await expect(page).toHaveTitle("Mon compte · Foyer");
  await snapBoth(page, "i18n-account-fr");

  // the navigation, on a phone too; the bar holds it within a 1,200 px screen (inline from there)
  await page.goto("/schedules");
  await expect(page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Programmes" })).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 800 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const drawer = page.locator("#app-drawer");
  await expect(drawer.getByRole("link", { name: "Appareils" })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Déconnexion" })).toBeVisible();
  await page.getByRole("button", { name: "Fermer le menu" }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // back to English from the same place
  await page.goto("/protected");
  await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await page.reload();
  expect(await lang(page)).toBe("en");
});

test("an admin's bar, with its ten links, fits a 1,200 px screen in French and in English", async ({ page, baseURL }) => {
  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.setViewportSize({ width: 1200, height: 800 });
  for (const locale of ["fr", "en"]) {
    await page.context().addCookies([{ name: "foyer-locale", value: locale, url: baseURL! }]);
    await page.goto("/schedules");
    expect(await lang(page)).toBe(locale);
    await expect(page.getByRole("navigation", { name: locale === "fr" ? "Principale" : "Main" }).getByRole("link", { name: "Admin", exact: true })).toBeVisible();
    expect(await overflow(page), locale).toBeLessThanOrEqual(0);
    await snap(page, `i18n-admin-bar-${locale}`);
  }
});
