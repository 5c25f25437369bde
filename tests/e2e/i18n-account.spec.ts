import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/shared/locale.mjs";
import { DESKTOP, PHONE, signedIn, snap, snapBoth, test, toastClearOfHeader } from "./helpers";

// tests/fixtures/enedis: a new usage point with bad lines, and a week of January 2024
const FIXTURES = path.resolve("tests/fixtures/enedis");
const BAD_LINES = path.join(FIXTURES, "customer-area-bad-lines.csv");
const WEEK_2024 = path.join(FIXTURES, "customer-area-sandbox-consumer-2024-01.csv");
const NEW_PRM = "99999999999991";
const WEEK_PRM = "25946599093143";

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** How far the page runs past the screen's right edge (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("a French household in My Account", () => {
  test.use({ locale: "fr-FR" });

  test("saves its profile, is refused a wrong password, prepares its data, imports Enedis files and opens then cancels the deletion, all in French", async ({ page, baseURL, context }) => {
    test.setTimeout(180_000);
    // logged in through the English login page (another part of the app), then the browser's French decides
    await context.addCookies([{ name: LOCALE_COOKIE, value: "en", url: baseURL! }]);
    const user = await signedIn(page, baseURL!);
    await context.clearCookies({ name: LOCALE_COOKIE });
    await page.goto("/protected");
    expect(await lang(page)).toBe("fr");
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();

    // the profile
    const profile = page.getByRole("form", { name: "Profil" });
    await expect(profile.getByLabel("Adresse e-mail")).toHaveValue(user.email);
    await expect(profile.getByText("Modifiez-la avec « Changer d'adresse e-mail » ci-dessous.")).toBeVisible();
    await expect(profile.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
    await profile.getByLabel("Prénom").fill("Camille");
    await profile.getByLabel("Nom", { exact: true }).fill("Lefèvre");
    await profile.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Votre profil a été mis à jour")).toBeVisible();
    await expect(profile.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
    // the French toast, longer than the English one, leaves the header uncovered too
    await toastClearOfHeader(page, "Votre profil a été mis à jour");
    await page.setViewportSize(PHONE);
    await toastClearOfHeader(page, "Votre profil a été mis à jour");
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "i18n-account-toast-fr-phone");
    await page.setViewportSize(DESKTOP);

    // a wrong current password: the server's refusal, in French, under the form's title
    const password = page.getByRole("form", { name: "Changer de mot de passe" });
    await expect(password.getByText("Au moins 8 caractères")).toBeVisible();
    await password.getByLabel("Mot de passe actuel", { exact: true }).fill("pas-mon-mot-de-passe");
    await password.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-mot-de-passe-1");
    await password.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("nouveau-mot-de-passe-1");
    await password.getByRole("button", { name: "Changer de mot de passe" }).click();
    const refusal = password.getByRole("alert");
    await expect(refusal).toContainText("Erreur");
    await expect(refusal).toContainText("Mot de passe incorrect");
    await expect(refusal).not.toContainText("Incorrect password");
    const email = page.getByRole("form", { name: "Changer d'adresse e-mail" });
    await expect(email.getByText(`Actuellement ${user.email}`)).toBeVisible();
    await expect(email.getByText("Votre mot de passe actuel, pour confirmer")).toBeVisible();
    await snapBoth(page, "i18n-account-forms-fr");

    // the data archive
    const archive = page.getByRole("region", { name: "Télécharger mes données" });
    await expect(archive.getByText("Encore 3 sur 3 aujourd'hui.", { exact: false })).toBeVisible();
    await archive.getByRole("button", { name: "Préparer mes données" }).click();
    const ready = archive.getByText(/^Vos données sont prêtes \(\d+\sKo\), préparées le \d{1,2}\s\S+\s\d{4}/);
    await expect(archive.getByRole("status").or(ready)).toBeVisible();
    await expect(ready).toBeVisible({ timeout: 60_000 });
    await expect(archive.getByRole("link", { name: "Télécharger le ZIP" })).toBeVisible();
    await expect(archive.getByRole("button", { name: "Le supprimer maintenant" })).toBeVisible();
    await expect(archive.getByRole("button", { name: "Préparer un nouveau fichier" })).toBeEnabled();
    await expect(archive.getByText("Encore 2 sur 3 aujourd'hui.", { exact: false })).toBeVisible();

    // energy data: no meter yet, then a file with bad lines for a new usage point
    const data = page.getByRole("region", { name: "Vos données d'énergie" });
    await expect(data.getByText(/^Aucun compteur pour l'instant\./)).toBeVisible();
    await expect(data.getByRole("link", { name: "Reliez votre compteur Linky" })).toHaveAttribute("href", "/integrations");
    await expect(data.getByRole("link", { name: "Mon énergie" })).toHaveAttribute("href", "/dashboards");
    await snapBoth(page, "i18n-account-archive-fr");

    const fileInput = data.getByLabel("Fichier CSV Enedis");
    await expect(data.getByText("Choisir un fichier CSV")).toBeVisible();
    await fileInput.setInputFiles(BAD_LINES);
    const preview = data.getByRole("region", { name: "Contenu de customer-area-bad-lines.csv" });
    await expect(preview.getByText(`${NEW_PRM} — pas encore dans votre compte : l'importation l'ajoute`)).toBeVisible();
    await expect(preview.getByText("Consommation, toutes les 30 minutes")).toBeVisible();
    await expect(preview.getByText("05 janv. 2026", { exact: true })).toBeVisible();
    await expect(preview.getByText(/^\d+ demi-heures sur 1 jour, 1 intervalle sans valeur \(laissé vide\)/)).toBeVisible();
    await expect(preview.getByText(/^\d+ lignes sont illisibles et seront ignorées$/)).toBeVisible();
    await expect(preview.getByRole("list", { name: "Lignes illisibles" }).getByText(/^Ligne 10\s: /)).toBeVisible();
    await expect(data.getByText("Choisir un autre fichier")).toBeVisible();
    await snapBoth(page, "i18n-account-import-preview-fr");
    await preview.getByRole("button", { name: /^Importer \d+ lignes lisibles$/ }).click();
    const done = data.getByRole("status").filter({ hasText: "customer-area-bad-lines.csv importé" });
    await expect(done).toContainText(`importé dans le compteur ${NEW_PRM}`);
    await expect(done).toContainText(/\d+ relevés écrits, 0 déjà présent, 05 janv\. 2026 \(1 jour\)\. \d+ lignes? ignorées?\./);
    await expect(done).toContainText(`Le compteur ${NEW_PRM} a été ajouté à votre compte.`);
    await expect(done.getByRole("link", { name: "Le voir dans Mon énergie" })).toBeVisible();
    const added = data.getByRole("listitem", { name: `Compteur ${NEW_PRM}` });
    await expect(added.getByText("Relevés disponibles : 05 janv. 2026 · non relié à Enedis")).toBeVisible();
    await expect(added.getByRole("combobox", { name: "Format" })).toHaveValue("csv-fr");
    await expect(added.getByRole("link", { name: `Télécharger les relevés du compteur ${NEW_PRM} en CSV pour Excel en français (;)` })).toBeVisible();

    // a week: the range and the counts in French
    await fileInput.setInputFiles(WEEK_2024);
    const week = data.getByRole("region", { name: "Contenu de customer-area-sandbox-consumer-2024-01.csv" });
    await expect(week.getByText("du 08 janv. 2024 au 14 janv. 2024")).toBeVisible();
    await expect(week.getByText("336 demi-heures sur 7 jours")).toBeVisible();
    await week.getByRole("button", { name: "Importer", exact: true }).click();
    const weekDone = data.getByRole("status").filter({ hasText: "customer-area-sandbox-consumer-2024-01.csv importé" });
    await expect(weekDone).toContainText("336 relevés écrits, 0 déjà présent, du 08 janv. 2024 au 14 janv. 2024 (7 jours).");
    await expect(data.getByRole("listitem", { name: `Compteur ${WEEK_PRM}` }).getByText("Relevés disponibles : du 08 janv. 2024 au 14 janv. 2024 · non relié à Enedis")).toBeVisible();
    await snapBoth(page, "i18n-account-import-done-fr");
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // the deletion: what goes, the missing password, then Cancel keeps everything
    const zone = page.getByRole("region", { name: "Supprimer mon compte" });
    await expect(zone.getByText(/^Supprimer votre compte efface votre profil/)).toBeVisible();
    await zone.getByRole("button", { name: "Supprimer mon compte" }).click();
    const dialog = page.getByRole("dialog", { name: /^Supprimer votre compte\s\?$/ });
    const what = dialog.getByRole("list", { name: "Ce qui sera supprimé" });
    await expect(what).toContainText(/2 compteurs avec \d+ jours de relevés/);
    await expect(dialog.getByText("Votre mot de passe, pour confirmer que vous voulez tout supprimer")).toBeVisible();
    await dialog.getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(dialog.getByText("Le mot de passe n'a pas été saisi")).toBeVisible();
    await snapBoth(page, "i18n-account-delete-dialog-fr");
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    expect((await fetch(`${baseURL}/api/v1/users/me`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200);
  });
});
