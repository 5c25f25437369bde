import { expect, type Page } from "@playwright/test";
import { signedIn, snapBoth, test, hydrated } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const METERS = ["24880057139941", "25946599093143"];
/** French spacing: a no-break space before : ; ? ! and inside « » */
const nb = "\u00a0";

/** Clicks a card's Lier (or Lier à nouveau) and accepts on the sandbox's consent page (its own page, whatever its language). */
async function linkThroughSandbox(page: Page, button: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  const accept = page.getByRole("button", { name: /^(Accept|Accepter)$/ });
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  // back home: a control used before React has hydrated the page ignores the choice
  await hydrated(page);
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test.describe("a French household", () => {
  test.use({ locale: "fr-FR" });

  test("links Linky, Netatmo and Legrand through the sandbox, reads its meter and its homes, and unlinks: all in French", async ({ page, baseURL, context }) => {
    // a long walk: ten page states, each screenshot on desktop and phone and held to axe (about a
    // minute alone, 2.5 minutes and more on a busy machine)
    test.setTimeout(240_000);
    // signed in through the English pages (the language cookie), then the browser's French
    await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL! }]);
    await signedIn(page, baseURL!);
    await context.clearCookies({ name: "foyer-locale" });

    // nothing linked: the home says so in each section
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    const mine = section(page, "Mes intégrations");
    await expect(mine.getByText("Aucune intégration liée pour l'instant")).toBeVisible();
    await expect(section(page, "Linky").getByRole("link", { name: "Lier Linky" })).toBeVisible();
    await expect(section(page, "Installations Legrand").getByRole("link", { name: "Lier Legrand" })).toBeVisible();
    await mine.getByRole("link", { name: "Ajouter ou mettre à jour" }).click();
    await expect(page.getByRole("heading", { name: "Ajouter ou mettre à jour une intégration" })).toBeVisible();
    await expect(page).toHaveTitle("Ajouter ou mettre à jour une intégration · Foyer");

    // a refused consent, in words
    await page.goto("/integrations?error=access_denied");
    const refused = page.getByRole("alert").filter({ hasText: "n'a pas pu être liée" });
    await expect(refused).toContainText(`Vous avez refusé l'accès auprès du service${nb}: rien n'a été lié.`);
    await refused.getByRole("button", { name: "Fermer" }).click();
    await expect(refused).toBeHidden();

    await expect(page.getByRole("heading", { level: 1, name: "Vos intégrations" })).toBeVisible();
    await expect(page).toHaveTitle("Vos intégrations · Foyer");
    await expect(page.getByText("Non lié", { exact: true })).toHaveCount(3);
    await expect(page.getByText(/abandonné en 2023/)).toBeVisible();
    await snapBoth(page, "i18n-integrations-empty-fr");

    // Linky: the cards' Lier → the sandbox's consent → home, where the table names it in French
    await linkThroughSandbox(page, "Lier le compteur Linky");
    const row = section(page, "Mes intégrations").getByRole("row", { name: /Compteur Linky \(gestionnaire de réseau\)/ });
    await expect(row).toContainText(`${METERS[0]}, ${METERS[1]}`);
    await expect(row).toContainText("Données du bac à sable");
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.) \d{4}$/);
    await expect(section(page, "Mes intégrations").getByRole("columnheader")).toHaveText(["Intégration", "N° de compteur", "Créée le", "Mise à jour le"]);

    // the meter without production: the failure in a sentence, its JSON one click away
    const linky = section(page, "Linky");
    await expect(linky.getByText(/7 derniers jours/)).toBeVisible();
    await expect(linky.getByRole("button", { name: "Voir la consommation" })).toBeDisabled();
    await linky.getByRole("combobox", { name: "Choisir le compteur" }).selectOption(METERS[1]);
    await linky.getByRole("button", { name: "Voir la production" }).click();
    await expect(linky.getByText(`Ce compteur ne déclare aucune production${nb}: pas de panneaux solaires${nb}?`, { exact: true })).toBeVisible();
    const failure = linky.getByRole("region", { name: `Production Linky${nb}: erreur` });
    await expect(failure).toBeHidden();
    await snapBoth(page, "i18n-integrations-no-production-fr");
    await linky.getByRole("button", { name: "Afficher les données brutes" }).click();
    // the vendor's answer as it came
    await expect(failure).toContainText('"error": "no_data_found"');
    await expect(linky.getByRole("button", { name: "Masquer les données brutes" })).toHaveAttribute("aria-expanded", "true");

    // its consumption: each day in French, kWh with a decimal comma
    await linky.getByRole("button", { name: "Voir la consommation" }).click();
    await expect(failure).toBeHidden();
    const perDay = linky.getByRole("region", { name: "Consommation par jour" });
    const days = perDay.getByRole("button");
    await expect(days).toHaveCount(7);
    await expect(days.first()).toHaveText(/^(lun|mar|mer|jeu|ven|sam|dim)\. \d{2} \S+ \d{4} \d+(,\d{1,2})?\skWh$/);
    await expect(perDay).toContainText(/\skWh sur 7 jours\s; choisissez un jour pour voir ses demi-heures/);
    await expect(linky.locator("dt")).toHaveText(["Point de livraison (PDL)", "Qualité", "Début", "Fin"]);
    const readings = linky.getByRole("table", { name: "Relevés de consommation" });
    await expect(readings.getByRole("columnheader")).toHaveText(["Horaire", "Valeur (W)", "Intervalle", "Type"]);
    await expect(readings.getByRole("row")).toHaveCount(49);
    // Enedis' type code in words, in French
    await expect(readings.getByRole("row").nth(1)).toHaveText(/^00:00–00:30\d+30 minB$/);
    const typeB = `Type B${nb}: valeur brute, telle que le compteur l'a mesurée.`;
    await expect(linky.getByText(typeB, { exact: true })).toBeVisible();
    await expect(readings).toHaveAccessibleDescription(typeB);
    const day = linky.getByRole("status");
    await expect(day).toContainText("(jour 1 sur 7)");
    await expect(day).toContainText(/^(lun|mar|mer|jeu|ven|sam|dim)\. \d{2} \S+ \d{4}\s: \d+(,\d{1,2})?\skWh/);
    await expect(linky.getByRole("button", { name: "Jour précédent" })).toBeDisabled();
    await linky.getByRole("button", { name: "Jour suivant" }).click();
    await expect(day).toContainText("(jour 2 sur 7)");
    await snapBoth(page, "i18n-integrations-linky-fr");

    // Netatmo and Legrand: their homes and plants as cards, in French
    await page.goto("/integrations");
    await linkThroughSandbox(page, "Lier Netatmo");
    const netatmo = section(page, "Netatmo");
    await expect(netatmo.getByText("Cliquez sur le bouton ci-dessous pour lister les logements de votre compte Netatmo.")).toBeVisible();
    await netatmo.getByRole("button", { name: "Récupérer les logements" }).click();
    const home = netatmo.getByRole("article", { name: "Sandbox home" });
    await expect(home).toContainText("France · Europe/Paris · 1 pièce, 2 modules");
    await expect(home.getByRole("heading", { level: 4 })).toHaveText(["Pièces", "Modules"]);
    await expect(home.getByRole("listitem")).toHaveText([`Living room (salon)${nb}: Thermostat`, "Relay · Relais", `Thermostat · Thermostat connecté · pièce${nb}: Living room`]);
    await expect(section(page, "Mes intégrations").getByRole("row", { name: /Netatmo\/Legrand/ })).toContainText("non disponible");

    await page.goto("/integrations");
    await linkThroughSandbox(page, "Lier Legrand");
    const plants = section(page, "Installations Legrand");
    await plants.getByRole("button", { name: "Récupérer les installations (API Home + Control)" }).click();
    const plant = plants.getByRole("article", { name: "Sandbox home" });
    await expect(plant).toContainText("France");
    await expect(plant).toContainText("Aucune pièce ni aucun module n'est indiqué pour cette installation.");
    await expect(section(page, "Mes intégrations").getByRole("row", { name: /Legrand IOT/ })).toBeVisible();
    await netatmo.getByRole("button", { name: "Récupérer les logements" }).click();
    await expect(home).toBeVisible();
    await snapBoth(page, "i18n-integrations-netatmo-legrand-fr");

    // the cards once linked, then unlinking Linky with its data, after the second question
    await page.goto("/integrations");
    const card = page.getByRole("region", { name: "Compteur Linky" });
    await expect(card.getByText(/^Lié depuis le \d{2} \S+ \d{4}$/)).toBeVisible();
    await expect(card.getByText("Compteurs", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Lier à nouveau Netatmo" })).toBeVisible();
    await snapBoth(page, "i18n-integrations-linked-fr");
    await card.getByRole("button", { name: "Dissocier le compteur Linky" }).click();
    const dialog = page.getByRole("dialog", { name: `Dissocier le compteur Linky${nb}?` });
    await expect(dialog).toContainText("Foyer n'aura plus accès à votre compteur Linky");
    await expect(dialog).toContainText(`relevés déjà reçus (compteurs ${METERS[0]}, ${METERS[1]}), ou supprimez`);
    await dialog.getByRole("button", { name: "Dissocier et supprimer ses données" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Ceci supprime définitivement ses compteurs et tous leurs relevés");
    await snapBoth(page, "i18n-integrations-unlink-fr");
    await dialog.getByRole("button", { name: "Oui, supprimer ses données" }).click();
    await expect(page.getByText(`Compteur Linky${nb}: intégration dissociée, ses données sont supprimées`)).toBeVisible();
    await expect(card.getByText("Non lié")).toBeVisible();
  });
});
