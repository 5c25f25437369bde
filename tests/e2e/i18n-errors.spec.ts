// The API's and the shared schemas' English texts read in French on French pages (issue 15,
// lib/i18n/api-texts.ts): My Devices' and a location's field messages, a device ID the server says
// is taken, a schedule gone meanwhile (a toast), a list the server cannot be reached for or fails.
// The API itself still answers in English; English pages keep the specification's texts
// (devices-locations.spec.ts, schedules.spec.ts, account.spec.ts).
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { apiUser, snapBoth, test, openSession } from "./helpers";

/** English words of the texts below, none of which a French page should show. */
const ENGLISH = /\b(required|must|not found|Internal server error|could not be reached|already exists)\b/i;

type User = Awaited<ReturnType<typeof apiUser>>;

async function api(baseURL: string, user: User, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, { method, headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** A household that accepted the notice, with a location, logged in (through the English login page), then reading Foyer in its browser's French. */
async function frenchHousehold(page: Page, context: BrowserContext, baseURL: string) {
  const user = await apiUser(baseURL);
  await api(baseURL, user, "POST", "/api/v1/users/me/accept_tos");
  await api(baseURL, user, "POST", "/api/v1/locations", { name: "Maison", country: "FR", lat: 45.19, lon: 5.72 });
  await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL }]);
  await openSession(page, user.email, user.password);
  await context.clearCookies({ name: "foyer-locale" });
  return user;
}

test.describe("a French household", () => {
  test.use({ locale: "fr-FR" });

  test("reads My Devices' and a location's refusals in French, the server's too", async ({ page, context, baseURL }) => {
    const user = await frenchHousehold(page, context, baseURL!);
    const taken = `shellyem-${Date.now().toString(36).toUpperCase()}`;
    await api(baseURL!, user, "POST", "/api/v1/device_info", { device_id: taken });

    // the shared schema's messages, all at once, in French
    await page.goto("/user-devices/new");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    const form = page.getByRole("form", { name: "Nouvel appareil" });
    await form.getByRole("button", { name: "Créer l'appareil" }).click();
    for (const message of ["L'identifiant de l'appareil est obligatoire", "Le type d'appareil est obligatoire", "La source de données est obligatoire"]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel("Identifiant de l'appareil")).toBeFocused();
    await form.getByRole("combobox", { name: "Source de données", exact: true }).selectOption({ label: "API Legrand" });
    await form.getByRole("button", { name: "Créer l'appareil" }).click();
    await expect(form.getByText("L'intégration est obligatoire pour cette source de données", { exact: true })).toBeVisible();

    // the server's refusal (409, its detail in English) in French, in the form's error box
    await form.getByLabel("Identifiant de l'appareil").fill(taken);
    await form.getByRole("combobox", { name: "Type d'appareil", exact: true }).selectOption({ label: "Shelly" });
    await form.getByRole("combobox", { name: "Source de données", exact: true }).selectOption({ label: "MQTT" });
    await form.getByRole("button", { name: "Créer l'appareil" }).click();
    const refusal = form.getByRole("alert").filter({ hasText: "Erreur" });
    await expect(refusal).toContainText("Un appareil avec cet identifiant existe déjà");
    expect(await form.innerText()).not.toMatch(ENGLISH);
    await snapBoth(page, "i18n-errors-device-fr");

    // a location's field messages
    await page.goto("/locations/new");
    const place = page.getByRole("form", { name: "Ajouter un lieu" });
    await place.getByLabel("Latitude").fill("");
    await place.getByRole("button", { name: "Ajouter le lieu" }).click();
    await expect(place.getByText("Le nom du lieu est obligatoire", { exact: true })).toBeVisible();
    await expect(place.getByText("La latitude est obligatoire", { exact: true })).toBeVisible();
    await place.getByRole("textbox", { name: "Nom" }).fill("Atelier");
    await place.getByLabel("Latitude").fill("45.123456789");
    await place.getByLabel("Longitude").fill("");
    await place.getByRole("button", { name: "Ajouter le lieu" }).click();
    await expect(place.getByText("La latitude admet au plus 8 décimales", { exact: true })).toBeVisible();
    await expect(place.getByText("La longitude est obligatoire", { exact: true })).toBeVisible();
    expect(await place.innerText()).not.toMatch(ENGLISH);
    await snapBoth(page, "i18n-errors-location-fr");
  });

  test("reads a schedule gone meanwhile, an unreachable server and a failing one in French", async ({ page, context, baseURL }) => {
    const user = await frenchHousehold(page, context, baseURL!);
    const schedule = async (der_name: string) => {
      const res = await api(baseURL!, user, "POST", "/api/v1/schedules/manual_weekahead", { der_name, average_power: 750, months: [5, 6, 7, 8], days: [5, 6], hours: [12, 13, 14] });
      return ((await res.json()) as { id: number }).id;
    };
    const pump = await schedule("Pompe de piscine");
    await schedule("Chauffe-eau");
    const remove = async (name: string) => {
      await page.getByRole("article", { name, exact: true }).getByRole("button", { name: `Supprimer ${name}`, exact: true }).click();
      await page.getByRole("dialog", { name: new RegExp(`^Supprimer ${name}\\s\\?$`) }).getByRole("button", { name: "Supprimer", exact: true }).click();
    };

    // deleted elsewhere meanwhile: the server's 404 in the toast, in French
    await page.goto("/schedules");
    await expect(page.getByRole("article", { name: "Pompe de piscine", exact: true })).toBeVisible();
    await api(baseURL!, user, "DELETE", `/api/v1/schedules/${pump}`);
    await remove("Pompe de piscine");
    const toast = page.getByRole("alert").filter({ hasText: "Erreur lors de la suppression" });
    await expect(toast).toContainText("Programme introuvable");
    await expect(toast).not.toContainText("Schedule not found");

    // the list read again after a deletion: the server out of reach, then failing
    await page.route("**/api/v1/schedules", (route) => route.abort("connectionrefused"));
    await remove("Chauffe-eau");
    const failure = page.getByRole("alert").filter({ hasText: "Impossible de récupérer les programmes" });
    await expect(failure).toContainText("Le serveur est injoignable. Vérifiez votre connexion et réessayez.");
    expect(await page.locator("main").innerText()).not.toMatch(ENGLISH);
    await snapBoth(page, "i18n-errors-unreachable-fr");
    await page.unroute("**/api/v1/schedules");
    await page.route("**/api/v1/schedules", (route) => route.fulfill({ status: 500, json: { detail: "Internal server error", code: "internal_error" } }));
    await failure.getByRole("button", { name: "Réessayer" }).click();
    await expect(failure).toContainText("Erreur interne du serveur");
    await expect(failure).not.toContainText("Internal server error");
    await page.unroute("**/api/v1/schedules");
    await failure.getByRole("button", { name: "Réessayer" }).click();
    await expect(failure).toBeHidden();
  });
});
