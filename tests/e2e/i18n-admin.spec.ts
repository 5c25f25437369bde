// An admin whose browser speaks French reads the back-office in French: react-admin's own words
// (ra-language-french), Foyer's (messages/fr/admin.json), dates as "05 mars 2026", powers as
// "2 000 W", device types by their names; the app's language menu in the back-office's bar turns
// it to English and back. English stays as it was (admin.spec.ts).
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, PHONE, snap, snapBoth, test, openSession } from "./helpers";

const every = [0, 1, 2, 3, 4, 5, 6];
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** A column by its header's words (a sortable header's name is its "Trier par …" hint). */
const column = (page: Page, name: string) => page.getByRole("columnheader").getByText(name, { exact: true });
const filter = (f: object) => `?filter=${encodeURIComponent(JSON.stringify(f))}`;
/** A French day as the back-office writes it: "05 mars 2026", "01 févr. 2026". */
const FRENCH_DAY = /\d{2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.) \d{4}/;

/** A household made through the API: a location, a device of no known type and a split schedule. */
async function household(baseURL: string) {
  const user = await apiUser(baseURL);
  const auth = { Authorization: `Bearer ${user.token}`, "content-type": "application/json" };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${baseURL}${path}`, { method: "POST", headers: auth, body: JSON.stringify(body) });
    expect(r.status, await r.clone().text()).toBe(201);
    return r.json();
  };
  const location = await post("/api/v1/locations", { name: "Maison de campagne", country: "FR", lat: 45.75, lon: 4.85 });
  const device = await post("/api/v1/device_info", { device_id: `app-${Date.now()}`, device_type: "unknown_device_type", location_id: location.id });
  const schedule = await post("/api/v1/schedules/manual_weekahead", {
    der_name: "Batterie maison", average_power: 1500, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: every, hours: [10, 11, 12, 13, 14, 15],
    schedules: [
      { months: [1, 2, 3, 10, 11, 12], days: every, hours: [10, 11, 12, 13, 14, 15], average_power: 2000 },
      { months: [4, 5, 6, 7, 8, 9], days: every, hours: [9, 10, 11, 12, 13, 14, 15, 16], average_power: 3000 },
    ],
  });
  return { user, device, schedule: schedule as { id: number; user_id: number } };
}

/** The admin logged in (the login page read in English, whatever state its translation is in), then reading Foyer in the browser's language. */
async function frenchAdmin(page: Page, context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL }]);
  await openSession(page, E2E.admin.email, E2E.admin.password);
  await context.clearCookies({ name: "foyer-locale" });
}

test.describe("a French admin", () => {
  test.use({ locale: "fr-FR" });

  test("reads users, devices, schedules and tariffs in French, saves a user, and switches the back-office to English and back", async ({ page, context, baseURL }) => {
    const h = await household(baseURL!);
    await frenchAdmin(page, context, baseURL!);

    // users: react-admin's words and Foyer's, a date in French
    await page.goto(`/admin#/users${filter({ q: h.user.email })}`);
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    for (const name of ["E-mail", "Prénom", "Nom", "Actif", "Admin", "Notice acceptée", "Créé le"]) await expect(column(page, name)).toBeVisible();
    await expect(page.getByPlaceholder("Rechercher un e-mail ou un nom")).toHaveValue(h.user.email);
    const row = page.getByRole("row").filter({ hasText: h.user.email });
    await expect(row).toContainText(FRENCH_DAY);
    await expect(page.getByRole("button", { name: "Exporter" })).toBeVisible();
    await snapBoth(page, "admin-fr-users");

    // a user's edit and save
    await row.getByRole("cell", { name: h.user.email }).click();
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Utilisateur ${h.user.email}`) })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(h.user.email);
    await expect(page.getByText("Laissez vide pour garder le mot de passe actuel")).toBeVisible();
    await page.getByLabel("Prénom").fill("Camille");
    await snapBoth(page, "admin-fr-user-edit");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Élément mis à jour")).toBeVisible();
    const me = await fetch(`${baseURL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${h.user.token}` } }).then((r) => r.json());
    expect(me.first_name).toBe("Camille");

    // schedules: the split schedule's parts in French, in the list and on its page
    await page.goto(`/admin#/schedules${filter({ user_id: h.schedule.user_id })}`);
    await expect(page.getByRole("heading", { level: 1, name: "Programmes" })).toBeVisible({ timeout: 30_000 });
    const schedule = page.getByRole("row").filter({ hasText: "Batterie maison" });
    await expect(schedule).toContainText("Divisé en 2");
    await expect(schedule).toContainText(/Partie 1 · 2\s000 W · octobre–mars · Tous les jours · 10:00–16:00/);
    await expect(schedule).toContainText(/Partie 2 · 3\s000 W · avril–septembre · Tous les jours · 09:00–17:00/);
    await expect(schedule).toContainText(FRENCH_DAY);
    for (const name of ["Équipement", "Utilisateur", "Programme", "Modifié le"]) await expect(column(page, name)).toBeVisible();
    await snapBoth(page, "admin-fr-schedules");
    await schedule.click();
    await expect(page).toHaveURL(new RegExp(`/admin#/schedules/${h.schedule.id}/show`));
    await expect(page.getByRole("heading", { level: 1, name: "Programme Batterie maison" })).toBeVisible();
    await expect(page.getByText("Divisé en 2")).toBeVisible();
    await expect(page.getByRole("img", { name: /^Partie 1 : octobre–mars, Tous les jours, 10:00–16:00, à 2\s000 W$/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Partie 2 : avril–septembre, Tous les jours, 09:00–17:00, à 3\s000 W$/ })).toBeVisible();
    await expect(page.getByText("Date de début")).toBeVisible();
    await snapBoth(page, "admin-fr-schedule-show");
    // its form: the parts, French month names
    await page.getByRole("link", { name: "Éditer" }).click();
    await expect(page.getByRole("heading", { name: "Divisé en 2 : les parties s'appliquent" })).toBeVisible({ timeout: 30_000 });
    const part2 = page.getByRole("listitem").filter({ hasText: "Partie 2" });
    await expect(part2.getByLabel("Puissance moyenne (W)")).toHaveValue("3000");
    await part2.getByRole("checkbox", { name: "3 · mars" }).check();
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Les mois ne peuvent pas se chevaucher entre les programmes : mars")).toHaveCount(2);
    await snap(page, "admin-fr-schedule-edit-refused-desktop");

    // tariffs: French dates, options and columns
    await page.goto("/admin#/tariffs");
    await expect(page.getByRole("heading", { level: 1, name: "Tarifs" })).toBeVisible({ timeout: 30_000 });
    for (const name of ["Fournisseur", "Option", "Abonnement €/an", "Valable du", "Jusqu'au (exclu)"]) await expect(column(page, name)).toBeVisible();
    await expect(page.getByRole("cell", { name: new RegExp(`^${FRENCH_DAY.source}$`) }).first()).toBeVisible();
    await snapBoth(page, "admin-fr-tariffs");

    // devices: a device type by its French name, the owner by e-mail
    await page.goto(`/admin#/devices${filter({ q: h.device.device_id })}`);
    await expect(page.getByRole("heading", { level: 1, name: "Appareils" })).toBeVisible({ timeout: 30_000 });
    const device = page.getByRole("row").filter({ hasText: h.device.device_id });
    await expect(device).toContainText("Autre ou inconnu");
    await expect(device).toContainText(h.user.email);
    for (const name of ["Identifiant", "Type", "Source", "Phase", "Propriétaire", "Lieu"]) await expect(column(page, name)).toBeVisible();
    await snapBoth(page, "admin-fr-devices");
    // the back-office opened on the phone, as a phone user would (its menu then starts closed)
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByText("Autre ou inconnu").first()).toBeVisible({ timeout: 30_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.goto("/admin#/locations");
    await expect(page.getByRole("heading", { level: 1, name: "Lieux" })).toBeVisible({ timeout: 30_000 });
    await snap(page, "admin-fr-locations-phone");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // the app's language menu in the bar: English, then French again, where the admin is (the list
    // opened, then searched as a person would)
    await page.goto("/admin#/users");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible({ timeout: 30_000 });
    await page.getByPlaceholder("Rechercher un e-mail ou un nom").fill(h.user.email);
    await expect(page.getByRole("row")).toHaveCount(2);
    const bar = page.getByRole("banner");
    await bar.getByRole("button", { name: "Langue : Français" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(column(page, "First name")).toBeVisible();
    await expect(page.getByPlaceholder("Search e-mail or name")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: h.user.email })).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await expect(page).toHaveURL(/\/admin#\/users/);
    await snap(page, "admin-fr-switched-to-english-desktop");
    // the choice holds on a reload, and is the app's own
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible({ timeout: 30_000 });
    expect((await context.cookies()).find((c) => c.name === "foyer-locale")?.value).toBe("en");
    await bar.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitem", { name: "Français" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
    await expect(column(page, "Prénom")).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à Foyer" })).toBeVisible();
  });
});
