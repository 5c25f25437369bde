// A French household registers a device on the device pages with a measurement, opens it in My
// Devices (an error under Avancé), saves and deletes it, all in French from its browser's language:
// types, phases, sources and classifications in words, Linky's BRUT/BEST explained, the confirmations
// and toasts. English stays as it was (devices-locations.spec.ts).
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { apiUser, PHONE, snapBoth, test, openSession } from "./helpers";

/** Picks the option labelled `option` in the select labelled `label` (inside `scope`). */
async function choose(scope: Page | Locator, label: string, option: string) {
  const select = scope.getByRole("combobox", { name: label, exact: true });
  await select.selectOption({ label: option });
  await expect(select.locator("option:checked")).toHaveText(option);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Nothing wider than a phone's screen (the French texts are longer than the English ones). */
async function fitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A household that accepted the notice, with a location, logged in, then reading Foyer in its browser's language. */
async function frenchHousehold(page: Page, context: BrowserContext, baseURL: string) {
  const user = await apiUser(baseURL);
  const headers = { authorization: `Bearer ${user.token}`, "content-type": "application/json" };
  expect((await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers })).ok).toBe(true);
  const location = await fetch(`${baseURL}/api/v1/locations`, { method: "POST", headers, body: JSON.stringify({ name: "Maison", country: "FR", lat: 45.19, lon: 5.72 }) });
  expect(location.ok).toBe(true);
  await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL }]);
  await openSession(page, user.email, user.password);
  await context.clearCookies({ name: "foyer-locale" });
  return user;
}

test.describe("a French household", () => {
  test.use({ locale: "fr-FR" });

  test("registers a device with a measurement, edits it in Mes appareils (an error under Avancé), saves and deletes it, in French", async ({ page, context, baseURL }) => {
    const user = await frenchHousehold(page, context, baseURL!);
    const deviceId = `shellyem-${Date.now().toString(36).toUpperCase()}`;

    // the empty list
    await page.goto("/device-info");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await expect(page).toHaveTitle("Appareils · Foyer");
    await expect(page.getByRole("heading", { level: 1, name: "Appareils" })).toBeVisible();
    await expect(page.getByText("Aucun appareil pour le moment")).toBeVisible();
    await expect(page.getByRole("link", { name: "Mes appareils" })).toBeVisible();
    await snapBoth(page, "fr-devices-empty");

    // Nouvel appareil: the device pages' form, Linky's readings explained
    await page.getByRole("link", { name: "Nouvel appareil" }).click();
    await expect(page).toHaveURL(/\/device-info\/new$/);
    await expect(page).toHaveTitle("Nouvel appareil · Foyer");
    const form = page.getByRole("form", { name: "Nouvel appareil" });
    await expect(form.getByRole("combobox", { name: "Propriétaire" }).locator("option:checked")).toHaveText(`${user.email} (vous)`);
    await expect(form.getByRole("combobox", { name: "Lieu" }).locator("option:checked")).toHaveText("Maison (France)");
    await expect(form.getByText("Le seul lieu du propriétaire. Mes appareils en a besoin.")).toBeVisible();
    await form.getByLabel("Identifiant de l'appareil").fill(deviceId);
    await choose(form, "Type d'appareil", "Linky");
    await expect(form.getByText(/^Le compteur communicant d'Enedis, relevé par l'intégration Linky\. Ses relevés arrivent d'abord en BRUT \(données brutes/)).toBeVisible();
    await choose(form, "Type d'appareil", "Shelly");
    await expect(form.getByText("Un compteur d'énergie Shelly (ses canaux s'appellent em0, em1…)\u00a0: jusqu'à 3 canaux en monophasé.")).toBeVisible();
    await choose(form, "Phase", "Monophasé");
    await snapBoth(page, "fr-device-new");
    await form.getByRole("button", { name: "Créer l'appareil" }).click();
    await expect(page.getByText("Appareil créé")).toBeVisible();
    await expect(page).toHaveURL(/\/device-info\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page).toHaveTitle("Appareil · Foyer");

    // the device page, and a measurement
    await expect(page.getByRole("heading", { level: 1, name: deviceId })).toBeVisible();
    const details = page.getByRole("region", { name: "Détails de l'appareil" });
    await expect(details.getByText("Monophasé")).toBeVisible();
    await expect(details.getByText("Vous", { exact: true })).toBeVisible();
    await expect(details.getByText(/^\(France · n° \d+\)$/)).toBeVisible();
    await expect(page.getByText("Aucune mesure pour le moment. Ajoutez les canaux que mesure cet appareil avec Nouvelle mesure.")).toBeVisible();
    await expect(page.getByText("0 sur 3")).toBeVisible();
    await page.getByRole("button", { name: "Nouvelle mesure" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle mesure" });
    await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("em0");
    await dialog.getByLabel("Nom affiché").fill("Panneaux solaires");
    await choose(dialog, "Type de mesure", "Photovoltaïque");
    await expect(dialog.getByText("Le nom du canal sur l'appareil. Il ne pourra plus être modifié.")).toBeVisible();
    await snapBoth(page, "fr-measure-new");
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Mesure créée")).toBeVisible();
    await expect(page.getByRole("row", { name: /em0 Panneaux solaires Photovoltaïque/ })).toBeVisible();
    await expect(page.getByText("1 sur 3")).toBeVisible();
    await expect(page.getByRole("button", { name: "Modifier Panneaux solaires" })).toBeVisible();
    await fitsPhone(page);
    await snapBoth(page, "fr-device-page");

    // the list: the type and the owner in words
    await page.goto("/device-info");
    const row = page.getByRole("row", { name: new RegExp(deviceId) });
    await expect(row.getByRole("cell", { name: "Shelly", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Vous", exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: `Modifier l'appareil ${deviceId}` })).toBeVisible();
    await snapBoth(page, "fr-devices-list");

    // Mes appareils: the card, then the form with an error under Avancé
    await page.goto("/user-devices");
    await expect(page).toHaveTitle("Mes appareils · Foyer");
    const card = page.getByRole("article", { name: deviceId });
    await expect(card.getByText("Panneaux solaires")).toBeVisible();
    await expect(card.getByText("Source de données")).toBeVisible();
    await expect(card.getByText("Canaux (1)")).toBeVisible();
    await fitsPhone(page);
    await card.getByRole("link", { name: `Modifier l'appareil ${deviceId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/user-devices/${id}/edit$`));
    await expect(page).toHaveTitle("Modifier l'appareil · Foyer");
    await expect(page.getByRole("combobox", { name: "Source de données" }).locator("option:checked")).toHaveText("Inconnue");
    await expect(page.getByRole("heading", { name: "Canaux (1 sur 3)" })).toBeVisible();
    await expect(page.getByText("Un Spoony ou un Shelly monophasé peut avoir jusqu'à 3 canaux.")).toBeVisible();
    const channel = page.getByRole("group", { name: "Canal 1", exact: true });
    await expect(channel.getByLabel("Nom du canal")).toHaveValue("em0");
    await expect(channel.getByLabel("Nom affiché")).toHaveValue("Panneaux solaires");
    await expect(channel.getByRole("combobox", { name: "Classification" }).locator("option:checked")).toHaveText("Inconnue");
    await choose(channel, "Classification", "Production");
    const advanced = channel.getByRole("button", { name: "Avancé" });
    await expect(advanced).toHaveAttribute("aria-expanded", "false");
    await advanced.click();
    await choose(channel, "Catégorie d'appareil intelligent", "Stockage d'énergie domestique");
    await channel.getByLabel("Préfixe", { exact: true }).fill("p".repeat(101));
    await advanced.click();
    await expect(advanced).toHaveAttribute("aria-expanded", "false");
    await expect(advanced).toContainText("Stockage d'énergie domestique");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(advanced).toHaveAttribute("aria-expanded", "true");
    await expect(channel.getByLabel("Préfixe", { exact: true })).toBeFocused();
    await expect(channel.getByText("Le préfixe doit comporter au plus 100 caractères", { exact: true })).toBeVisible();
    await snapBoth(page, "fr-user-device-form-advanced-error");
    await channel.getByLabel("Préfixe", { exact: true }).fill("pv");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Appareil modifié")).toBeVisible();
    await expect(page).toHaveURL(/\/user-devices$/);
    await expect(card.getByText("Production", { exact: true })).toBeVisible();
    await snapBoth(page, "fr-user-devices");

    // deleted after the confirmation
    await card.getByRole("link", { name: `Modifier l'appareil ${deviceId}` }).click();
    await page.getByRole("button", { name: "Supprimer l'appareil" }).click();
    const confirm = page.getByRole("dialog", { name: "Supprimer cet appareil\u00a0?" });
    await expect(confirm.getByText(`${deviceId} et ses canaux seront supprimés définitivement. Cette action est irréversible.`)).toBeVisible();
    await snapBoth(page, "fr-delete-device");
    await confirm.getByRole("button", { name: "Supprimer", exact: true }).click();
    await expect(page.getByText("Appareil supprimé")).toBeVisible();
    await expect(page).toHaveURL(/\/user-devices$/);
    await expect(page.getByText("Aucun appareil pour le moment")).toBeVisible();
    await expect(page.getByText("Décrivez un appareil, où il se trouve, comment il transmet ses données et les canaux qu'il mesure.")).toBeVisible();
  });
});
