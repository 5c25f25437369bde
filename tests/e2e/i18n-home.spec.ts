import { expect, type Page } from "@playwright/test";
import { apiUser, DESKTOP, historySynced, PHONE, snapBoth, test, openSession } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const PRODUCER = "24880057139941";

/** The charts and cards have their answer (no skeleton, no "Chargement ...", no busy period). */
async function settled(page: Page) {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(page.getByRole("status", { name: /^(Chargement|Loading)/ })).toHaveCount(0);
}

/** Words English would show in these regions, none of which French should leave. */
const ENGLISH = /\b(Loading|Consumption|Totals|Costs|Carbon|Yesterday|Meter|Average per day|Days with data|per day|Previous period|Same period|Tariff|Download|Chart|Table|Which option|Cleanest|Dirtiest|no data|Sync now|Up to date|See the charts|This month)\b/;

test.describe("a French household", () => {
  test.use({ locale: "fr-FR" });

  test("Home, My Energy (chart, table, tariff) and Dashboards in French: days, kWh and € as France writes them", async ({ page, context, baseURL }) => {
    test.setTimeout(300_000);
    // linked in English (the integrations' own spec walks that in French), then read in the browser's French
    await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL! }]);
    const user = await apiUser(baseURL!);
    await openSession(page, user.email, user.password);
    await page.goto("/integrations");
    await page.getByRole("button", { name: "Link Linky meter", exact: true }).click();
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByText("Your integration has been created")).toBeVisible();
    await historySynced(baseURL!, user.token);
    await context.clearCookies({ name: "foyer-locale" });

    // Home: the privacy notice until accepted, the energy history, the sections
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    const notice = page.getByRole("region", { name: "Avis de confidentialité" });
    await expect(notice.getByText(/^Version \d+ · \d{1,2} [a-zéû]+ \d{4}$/)).toBeVisible();
    await expect(notice.getByRole("link", { name: "Mon compte" })).toHaveAttribute("href", "/protected");
    await expect(notice.getByRole("link", { name: "politique de confidentialité des données" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Bienvenue sur Foyer" })).toBeVisible();
    const history = page.getByRole("region", { name: "Votre historique d'énergie" });
    await expect(history.getByRole("region", { name: `Compteur ${PRODUCER}` })).toBeVisible();
    await expect(history.getByRole("region", { name: `Compteur ${PRODUCER}` }).getByText("À jour")).toBeVisible();
    await expect(history.getByText(/^1490 jours récupérés sur 1490 \(100\s%\)/)).toBeVisible();
    // the summary's link is its title; kg CO₂ under the figures (estimated: 2023 is the bundled year), credited
    const summary = history.getByRole("link", { name: `Mon énergie · compteur ${PRODUCER}`, exact: true });
    await expect(summary).toBeVisible();
    await expect(history.getByText("Hier").first()).toBeVisible();
    await expect(history.getByText(/^Ce mois-ci jusqu'à présent/).first()).toBeVisible();
    await expect(history.getByText(/^\d[\d\s]*(,\d+)?\skWh$/).first()).toBeVisible();
    await expect(history.getByText(/\d+(,\d+)?\skg CO₂ \(estimé\)$/).first()).toBeVisible();
    await expect(history.getByText(/^Intensité carbone\s: Electricity Maps \(ODbL\)$/).first()).toBeVisible();
    for (const title of ["Intégrations", "Appareils", "Lieux", "Programmes", "Tableaux de bord"]) await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    expect(await history.innerText()).not.toMatch(ENGLISH);
    await snapBoth(page, "i18n-home-notice-fr");
    await page.getByRole("button", { name: "Confirmer l'acceptation" }).click();
    await expect(notice).toBeHidden();
    await snapBoth(page, "i18n-home-fr");

    // My Energy: the month of the newest day held, its chart, cards and numbers in French
    await summary.click();
    await expect(page).toHaveURL(/\/dashboards\?meter=\d+$/);
    await expect(page).toHaveTitle("Tableaux de bord · Foyer");
    await expect(page.getByRole("heading", { name: "Mes tableaux de bord" })).toBeVisible();
    await expect(page.getByText(/^Mon énergie\s: votre consommation, son coût et son empreinte carbone\.$/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Compteur" }).locator("option:checked")).toHaveText(`Compteur ${PRODUCER} (consommation et production)`);
    const tabs = page.getByRole("tablist", { name: "Période" });
    await expect(tabs.getByRole("tab", { name: "Mois" })).toHaveAttribute("aria-selected", "true");
    const label = page.getByTestId("period-label");
    await expect(label).toHaveText(/^[A-ZÉ][a-zéû]+ \d{4}$/);
    const energy = page.getByRole("region", { name: "Énergie", exact: true });
    const figure = energy.getByRole("figure", { name: "Énergie par période, en kWh" });
    await expect(figure).toBeVisible();
    await expect(energy.getByText("kWh par jour")).toBeVisible();
    await expect(page.getByText("Par jour", { exact: true })).toBeVisible();
    const totals = page.getByRole("region", { name: "Totaux", exact: true });
    await expect(totals.getByText(/^\d[\d\s]*(,\d+)?\skWh$/).first()).toBeVisible();
    // as France writes them (Playwright's text matching sees any space as one): a no-break space before kWh, a narrow one in thousands
    expect(await totals.locator("dd").first().textContent()).toMatch(/^\d{1,3}(\u202f\d{3})*(,\d+)?\u00a0kWh$/);
    await expect(totals.getByText("Consommation, ce mois-ci")).toBeVisible();
    await expect(totals.getByText("Autoconsommation (de votre production)")).toBeVisible();
    await expect(totals.getByText(/^\d+\s%$/).first()).toBeVisible();
    const carbon = page.getByRole("region", { name: "Carbone", exact: true });
    await expect(carbon.getByText(/^\d[\d\s]*(,\d+)?\skg CO₂$/)).toBeVisible();
    await expect(carbon.getByText("Estimation", { exact: true })).toBeVisible();
    await expect(carbon.getByText(/^Estimé\s: aucune intensité mesurée ne couvre ces dates/)).toBeVisible();
    await expect(carbon.getByText("Vos heures les plus carbonées")).toBeVisible();
    await expect(carbon.getByText(/^Intensité carbone\s: Electricity Maps \(ODbL\)$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Empreinte carbone" }).getByRole("figure", { name: "Carbone par période, en kg CO₂" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Télécharger les chiffres affichés en CSV" })).toBeEnabled();
    await settled(page);
    // the tooltip: the bucket's day in French, the value with a decimal comma
    const box = (await figure.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.06, box.y + box.height * 0.6);
    await expect(figure.getByText(/^Consommation \d[\d\s]*(,\d+)?\skWh$/)).toBeVisible();
    await expect(figure.getByText(/^(lun|mar|mer|jeu|ven|sam|dim)\. \d{1,2} [a-zéû.]+ \d{4}$/)).toBeVisible();
    await page.mouse.move(0, 0);
    await figure.focus();
    await page.keyboard.press("ArrowRight");
    await expect(figure.locator("[aria-live=polite]")).toContainText(/\d{4}\s: Consommation \d/);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await page.locator("main").innerText()).not.toMatch(ENGLISH);
    await snapBoth(page, "i18n-my-energy-fr");

    // a day, in hours; then back to the month, compared with last year
    await tabs.getByRole("tab", { name: "Jour" }).click();
    await expect(label).toHaveText(/^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) \d{1,2} [a-zéû]+ \d{4}$/);
    await expect(page.getByRole("button", { name: "Auto (heures)" })).toBeVisible();
    await expect(energy.getByText("kWh par heure")).toBeVisible();
    await tabs.getByRole("tab", { name: "Mois" }).click();
    await page.getByRole("combobox", { name: "Comparer avec" }).selectOption({ label: "Même période l'an dernier" });
    await expect(energy.getByText("Même période l'an dernier")).toBeVisible();
    await expect(totals.getByText(/^Même période l'an dernier \(/)).toBeVisible();
    await settled(page);

    // the tariff dialog: its refusals, then HP/HC at 9 kVA
    await page.getByRole("button", { name: "Réglages du tarif" }).click();
    const dialog = page.getByRole("dialog", { name: "Réglages du tarif" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("combobox", { name: "Option tarifaire" }).click();
    await page.getByRole("option", { name: "Heures pleines / heures creuses (HP/HC)" }).click();
    // the menu gone (the dialog behind it is hidden from assistive technology while it shows)
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(dialog.getByRole("combobox", { name: "Option tarifaire" })).toHaveText("Heures pleines / heures creuses (HP/HC)");
    await dialog.getByRole("combobox", { name: "Puissance souscrite" }).click();
    await page.getByRole("option", { name: /^9\skVA$/ }).click();
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(dialog.getByRole("combobox", { name: "Plage 1, début" })).toHaveText("22:00");
    await expect(dialog.getByRole("combobox", { name: "Plage 1, fin" })).toHaveText("06:00");
    await dialog.getByRole("button", { name: "Ajouter une plage" }).click();
    await dialog.getByRole("combobox", { name: "Plage 2, début" }).click();
    await page.getByRole("option", { name: "05:00", exact: true }).click();
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    // the shared schema's message in French too, after the range's name
    await expect(dialog.getByText(/^Plage 2\s: Les plages d'heures creuses ne doivent pas se chevaucher$/)).toBeVisible();
    await expect(dialog.getByText("Valable à partir du").first()).toBeVisible();
    await snapBoth(page, "i18n-tariff-fr");
    await dialog.getByRole("button", { name: "Supprimer la plage 2" }).click();
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Vos réglages de tarif sont enregistrés")).toBeVisible();
    await expect(dialog).toBeHidden();

    const costs = page.getByRole("region", { name: "Coûts", exact: true });
    await expect(costs.getByText(/^Heures pleines \/ heures creuses \(HP\/HC\), 9\skVA/)).toBeVisible();
    await expect(costs.getByText(/^Heures pleines \(HP\) · /)).toBeVisible();
    await expect(costs.getByText(/^Heures creuses \(HC\) · /)).toBeVisible();
    await expect(costs.getByText(/^\d[\d\s]*,\d{2}\s€$/).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Coût", exact: true }).getByRole("figure", { name: "Coût par période, en euros" })).toBeVisible();
    const cheaper = page.getByRole("region", { name: "Quelle option aurait été la moins chère" });
    await expect(cheaper.getByText("Votre option", { exact: true })).toBeVisible();
    // a verdict with its difference in €, and what is estimated in one sentence
    await expect(cheaper.getByText(/vous aurait coûté [\d\s]+,\d{2}\s€ de moins que votre option HP\/HC\.$|^Votre option, HP\/HC, était la moins chère, de [\d\s]+,\d{2}\s€ devant la suivante\.$/)).toBeVisible();
    await expect(cheaper.getByText(/^Estimé\s: .*Tempo/)).toBeVisible();
    await settled(page);
    await snapBoth(page, "i18n-my-energy-costs-fr");

    // the table: French headers, days and numbers
    await page.getByRole("button", { name: "Tableau", exact: true }).click();
    const table = energy.getByRole("table", { name: "Énergie par période" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toContainText(["Période", "Consommation (kWh)", "Même période l'an dernier (kWh)", "Production (kWh)", "Coût (€)"]);
    await expect(table.locator("tbody th").first()).toHaveText(/^(lun|mar|mer|jeu|ven|sam|dim)\. 1 [a-zéû.]+ \d{4}( \(partiel\))?$/);
    await expect(table.locator("tbody td").first()).toHaveText(/^\d[\d\s]*(,\d+)?$|^pas de données$/);
    await settled(page);
    expect(await page.locator("main").innerText()).not.toMatch(ENGLISH);
    await snapBoth(page, "i18n-my-energy-table-fr");

    // on a phone, nothing runs past the screen's edge
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Graphique", exact: true }).click();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  });
});
