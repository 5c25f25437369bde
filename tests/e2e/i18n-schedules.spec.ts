// A French household plans a schedule and adds a location, in French from its browser's language:
// month and day names, powers with a space between thousands, decimal commas, the editor's guidance
// and refusals, the location form's refusals. English stays as it was (schedules.spec.ts,
// devices-locations.spec.ts).
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { apiUser, PHONE, snapBoth, test, openSession } from "./helpers";

let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${seq++}`;

const group = (scope: Locator, name: string) => scope.getByRole("group", { name, exact: true });
const toggleIn = (scope: Locator, set: "Mois" | "Jours" | "Heures", name: string) => group(scope, set).getByRole("button", { name, exact: true });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A household that accepted the notice, logged in (the login page read in English, whatever state
 * its translation is in), then reading Foyer in its browser's language again.
 */
async function frenchHousehold(page: Page, context: BrowserContext, baseURL: string) {
  const user = await apiUser(baseURL);
  const res = await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  expect(res.ok).toBe(true);
  await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL }]);
  await openSession(page, user.email, user.password);
  await context.clearCookies({ name: "foyer-locale" });
  return user;
}

test.describe("a French household", () => {
  test.use({ locale: "fr-FR" });

  test("plans a schedule in French: split with guidance, overlap refused, saved, listed", async ({ page, context, baseURL }) => {
    await frenchHousehold(page, context, baseURL!);
    await page.goto("/schedules");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await expect(page).toHaveTitle("Programmes manuels · Foyer");
    await expect(page.getByRole("heading", { level: 1, name: "Programmes manuels" })).toBeVisible();
    await expect(page.getByText("Aucun programme pour le moment. Créez-en un.")).toBeVisible();

    const newButton = page.getByRole("button", { name: "Nouveau", exact: true });
    await newButton.click();
    const form = page.getByRole("form", { name: "Nouveau programme" });
    const main = group(form, "Programme principal");
    const save = form.getByRole("button", { name: "Enregistrer" });
    await expect(form.getByLabel("Nom", { exact: true })).toHaveValue("nouveau programme");
    for (const m of ["janvier", "août", "décembre"]) await expect(toggleIn(main, "Mois", m)).toHaveAttribute("aria-pressed", "true");
    await expect(toggleIn(main, "Mois", "février")).toHaveText("févr.");
    await expect(toggleIn(main, "Jours", "lundi")).toHaveText("lun.");
    await expect(group(main, "Mois")).toContainText("Toute l'année");
    await expect(group(main, "Jours")).toContainText("Tous les jours");
    await expect(group(main, "Heures")).toContainText("00:00–13:00");
    await expect(form.getByText(/^Indiquez une puissance moyenne de 1 à 10\s000 W, puis enregistrez\.$/)).toBeVisible();

    // 0 W refused in French, on the field
    const name = unique("Chauffe-eau");
    await form.getByLabel("Nom", { exact: true }).fill(name);
    await save.click();
    await expect(main.getByText(/^La puissance moyenne doit être comprise entre 1 et 10\s000 W$/)).toBeVisible();
    await expect(form.getByText("Non enregistré : vérifiez les champs signalés en rouge.")).toBeVisible();
    await main.getByLabel("Puissance moyenne (W)").fill("1500");

    // split: guidance first, not an error
    await form.getByRole("button", { name: "Diviser le programme" }).click();
    const part1 = group(form, "Partie 1");
    const part2 = group(form, "Partie 2");
    await expect(part2.getByLabel("Puissance moyenne (W)")).toHaveValue("1501");
    await expect(part2.getByText("une partie divisée démarre à la puissance du programme plus 1 W")).toBeVisible();
    await expect(main.getByLabel("Puissance moyenne (W)")).toBeDisabled();
    const guidance = form.getByRole("status").filter({ hasText: "Donnez à chaque partie ses propres mois" });
    const overlap = form.getByRole("alert").filter({ hasText: "Programmes incompatibles !" });
    await expect(guidance).toContainText("Mois en commun : janvier, février, mars");
    await expect(overlap).toHaveCount(0);
    await snapBoth(page, "i18n-schedules-split-fr");

    // the parts share March and November: refused on save
    for (const m of ["juillet", "août", "septembre", "octobre", "décembre"]) await toggleIn(part1, "Mois", m).click();
    for (const m of ["janvier", "février", "avril", "mai", "juin"]) await toggleIn(part2, "Mois", m).click();
    await expect(guidance).toContainText("Mois en commun : mars, novembre");
    await save.click();
    await expect(form.getByText("Non enregistré : les parties ne doivent pas partager de mois.")).toBeVisible();
    await expect(overlap).toContainText("Les mois ne peuvent pas se chevaucher entre les programmes");
    await expect(overlap).toContainText("Mois en commun : mars, novembre");
    await expect(overlap).toBeFocused();
    await snapBoth(page, "i18n-schedules-overlap-fr");

    // fixed, then saved
    await toggleIn(part1, "Mois", "novembre").click();
    await toggleIn(part2, "Mois", "mars").click();
    await expect(overlap).toBeHidden();
    await part2.getByLabel("Puissance moyenne (W)").fill("2000");
    await toggleIn(part2, "Jours", "samedi").click();
    await toggleIn(part2, "Jours", "dimanche").click();
    const preview = form.getByRole("region", { name: "Aperçu" });
    await expect(preview.getByRole("img", { name: /^Partie 1 : janvier–juin, Tous les jours, 00:00–13:00, à 1\s500 W$/ })).toBeVisible();
    await expect(preview.getByRole("img", { name: /^Partie 2 : juillet–décembre, lundi–vendredi, 00:00–13:00, à 2\s000 W$/ })).toBeVisible();
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await save.click();
    await expect(page.getByText(`${name} a été créé`)).toBeVisible();
    await expect(form).toBeHidden();

    const item = page.getByRole("article", { name, exact: true });
    await expect(item.getByText("Divisé en 2 parties")).toBeVisible();
    await expect(item.getByText(/^Débute le \d\d \S+ \d{4} · modifié le \d\d \S+ \d{4}$/)).toBeVisible();
    await expect(item.getByRole("img", { name: /^Partie 2 : juillet–décembre, lundi–vendredi, 00:00–13:00, à 2\s000 W$/ })).toBeVisible();
    await expect(item.getByRole("button", { name: `Modifier ${name}`, exact: true })).toBeFocused();
    await expect(item.locator(".wg-day").first()).toHaveText("lun.");
    await page.reload();
    await expect(item.getByText("Divisé en 2 parties")).toBeVisible();
    await snapBoth(page, "i18n-schedules-list-fr");
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // delete asks first, in French
    await item.getByRole("button", { name: `Supprimer ${name}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Supprimer ${name} ?` });
    await expect(dialog).toContainText("Le programme et ses parties seront supprimés définitivement.");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText(`${name} a été supprimé`)).toBeVisible();
    await expect(page.getByText("Aucun programme pour le moment. Créez-en un.")).toBeVisible();
  });

  test("adds a location in French: decimal comma, 0, 0 refused, Use my location, a point outside the country refused, then listed", async ({ page, context, baseURL }) => {
    // the browser knows where it is (in Lyon, to 1.5 km)
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 45.76404312, longitude: 4.83565921, accuracy: 1500 });
    await frenchHousehold(page, context, baseURL!);
    await page.goto("/locations/");
    await expect(page).toHaveTitle("Mes lieux · Foyer");
    await expect(page.getByRole("heading", { level: 1, name: "Mes lieux" })).toBeVisible();
    await expect(page.getByText("Aucun lieu pour le moment")).toBeVisible();

    await page.getByRole("link", { name: "Ajouter un lieu", exact: true }).click();
    await expect(page).toHaveURL(/\/locations\/new$/);
    await expect(page).toHaveTitle("Ajouter un lieu · Foyer");
    const form = page.getByRole("form", { name: "Ajouter un lieu" });
    const country = form.getByRole("combobox", { name: "Pays" });
    await expect(form.getByText("Degrés décimaux, de -90 à 90, p. ex. 45,18756 ou 45.18756")).toBeVisible();
    await expect(form.getByRole("button", { name: "Utiliser ma position" })).toBeVisible();
    await form.getByRole("textbox", { name: "Nom" }).fill("Maison");
    await country.selectOption({ label: "France (FR)" });

    // 0, 0 (the fields' default) is refused, in French, under the latitude
    await form.getByRole("button", { name: "Ajouter le lieu" }).click();
    await expect(form.getByText("0, 0 se trouve dans le golfe de Guinée : saisissez les coordonnées de ce lieu ou utilisez votre position")).toBeVisible();
    await expect(form.getByLabel("Latitude")).toBeFocused();
    await snapBoth(page, "i18n-location-null-island-fr");

    // Use my location: the browser's position, rounded to 6 decimals and written with a decimal
    // comma as a French household types it, the chosen country kept, the accuracy with a decimal comma
    await form.getByRole("button", { name: "Utiliser ma position" }).click();
    await expect(form.getByLabel("Latitude")).toHaveValue("45,764043");
    await expect(form.getByLabel("Longitude")).toHaveValue("4,835659");
    await expect(country.locator("option:checked")).toHaveText("France (FR)");
    await expect(form.getByRole("status").filter({ hasText: /^Rempli avec la position de votre appareil \(à environ 1,5\skm près\)\. Vérifiez le pays, puis enregistrez\.$/ })).toBeVisible();
    await snapBoth(page, "i18n-location-my-location-fr");

    // Grenoble, typed with decimal commas, is not in Germany
    await country.selectOption({ label: "Allemagne (DE)" });
    await form.getByLabel("Latitude").fill("45,18756");
    await form.getByLabel("Longitude").fill("5,73578");
    await form.getByRole("button", { name: "Ajouter le lieu" }).click();
    await expect(form.getByText("Ces coordonnées ne sont pas en Allemagne : vérifiez-les, ou le pays")).toBeVisible();
    await country.selectOption({ label: "États-Unis (US)" });
    await form.getByRole("button", { name: "Ajouter le lieu" }).click();
    await expect(form.getByText("Ces coordonnées ne sont pas aux États-Unis : vérifiez-les, ou le pays")).toBeVisible();
    await snapBoth(page, "i18n-location-outside-country-fr");

    // in France, it is saved
    await country.selectOption({ label: "France (FR)" });
    await form.getByRole("button", { name: "Ajouter le lieu" }).click();
    await expect(page).toHaveURL(/\/locations\/$/);
    await expect(page.getByText("Lieu ajouté")).toBeVisible();
    const maison = page.getByRole("region", { name: "Maison" });
    await expect(maison.getByText("France · 45,18756 ; 5,73578")).toBeVisible();
    await expect(maison.getByText("0 appareil", { exact: true })).toBeVisible();
    await expect(maison.getByText("Aucun appareil n'est encore rattaché à ce lieu.")).toBeVisible();
    await expect(maison.getByRole("link", { name: "Modifier Maison" })).toBeVisible();
    await snapBoth(page, "i18n-locations-list-fr");
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Edit Location, in French too
    await maison.getByRole("link", { name: "Modifier Maison" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Modifier le lieu" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Modifier le lieu" }).getByLabel("Latitude")).toHaveValue("45,18756");
    await expect(page.getByRole("link", { name: "Mes lieux" }).first()).toBeVisible();

    // delete, asked first
    await page.goto("/locations/");
    await maison.getByRole("button", { name: "Supprimer Maison" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer ce lieu ?" });
    await expect(dialog).toContainText("Maison sera supprimé. Cette action est irréversible.");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Lieu supprimé")).toBeVisible();
    await expect(page.getByText("Aucun lieu pour le moment")).toBeVisible();
  });
});
