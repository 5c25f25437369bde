import { expect, type Page } from "@playwright/test";
import { historySynced, logIn, apiUser, snapBoth, test } from "./helpers";

/** The colour scheme <html> shows: MUI's InitColorSchemeScript and ThemeProvider set `data-light` or `data-dark`. */
const scheme = (page: Page) => page.evaluate(() => (document.documentElement.hasAttribute("data-dark") ? "dark" : document.documentElement.hasAttribute("data-light") ? "light" : "none"));
/** The page's background as painted. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("the colour scheme follows the system, light when it states none; the switch and My Account choose one that is remembered", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  // no preference stated: light, as specified
  await page.emulateMedia({ colorScheme: "no-preference" });
  await page.goto("/");
  expect(await scheme(page)).toBe("light");
  expect(await background(page)).toBe("rgb(246, 248, 247)");
  const toggle = page.getByRole("switch", { name: "Dark mode" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  // a system in dark: dark from the first paint, before React (the scheme is set by the inline script)
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/login");
  expect(await scheme(page)).toBe("dark");
  expect(await background(page)).toBe("rgb(15, 21, 19)");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await snapBoth(page, "dark-login");
  await page.goto("/");
  await snapBoth(page, "dark-landing");

  // the switch picks light against the system, and the choice outlasts a reload
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(await scheme(page)).toBe("light");
  await page.reload();
  expect(await scheme(page)).toBe("light");
  await toggle.click();
  expect(await scheme(page)).toBe("dark");

  // a household in dark: Home with its energy, My Energy, the other pages
  const user = await apiUser(baseURL!);
  expect((await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } })).ok).toBe(true);
  await logIn(page, user.email, user.password);
  expect(await scheme(page)).toBe("dark");
  await page.goto("/integrations");
  await page.getByRole("button", { name: "Link Linky meter", exact: true }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Your integration has been created")).toBeVisible();
  await historySynced(baseURL!, user.token);
  await page.goto("/integrations");
  await snapBoth(page, "dark-integrations");
  await page.goto("/");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await snapBoth(page, "dark-home");
  await page.goto("/dashboards");
  await expect(page.getByRole("figure", { name: "Energy per period, in kWh" })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await snapBoth(page, "dark-my-energy");
  await page.goto("/schedules");
  await page.getByRole("button", { name: "New", exact: true }).click();
  await snapBoth(page, "dark-schedule-editor");

  // My Account: the same choice, and back to the system's
  await page.goto("/protected");
  const appearance = page.getByRole("combobox", { name: "Appearance" });
  await expect(appearance).toHaveValue("dark");
  await snapBoth(page, "dark-account");
  await page.emulateMedia({ colorScheme: "light" });
  await appearance.selectOption("system");
  expect(await scheme(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => scheme(page)).toBe("dark");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Appearance" })).toHaveValue("system");
  expect(await scheme(page)).toBe("dark");
});
