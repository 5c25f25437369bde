// The visitors' pages in French (issue 15): a French browser reads the landing, logs in with a
// wrong password, is told where to log in when it opened Foyer at another address, gets signup's
// errors, recovers a password through a French e-mail, meets a bad reset link and reads the
// privacy policy, all in French, the API's own texts too.
import { expect, type Page } from "@playwright/test";
import { Mailbox, resetTokenFrom } from "../helpers/mailbox";
import { E2E } from "../../playwright.config";
import { apiUser, snapBoth, test } from "./helpers";

const mailbox = new Mailbox();
test.beforeAll(async () => {
  await mailbox.start(E2E.smtpPort);
});
test.afterAll(async () => {
  await mailbox.stop();
});

test.use({ locale: "fr-FR" });

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test("the landing in French", async ({ page }) => {
  await page.goto("/");
  expect(await lang(page)).toBe("fr");
  await expect(page.getByRole("heading", { level: 1, name: "L'énergie de votre foyer, partagée avec votre communauté" })).toBeVisible();
  const hero = page.getByRole("region", { name: "L'énergie de votre foyer, partagée avec votre communauté" });
  await expect(hero.getByRole("link", { name: "S'inscrire" })).toHaveAttribute("href", "/signup");
  await expect(hero.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("img", { name: "Une maison familiale avec des panneaux solaires sur le toit et une batterie domestique" })).toBeVisible();
  const features = page.getByRole("region", { name: "Ce que fait Foyer" });
  await expect(features.getByRole("heading", { name: "Reliez vos compteurs" })).toBeVisible();
  await expect(features.getByText("Reliez votre compteur Linky et votre logement Legrand ou Netatmo en quelques clics.")).toBeVisible();
  await expect(features.getByRole("heading", { name: "Vos données, vos règles" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Plus forts ensemble" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Membre de projets européens" })).toBeVisible();
  // each card's name holds what it shows, then says where it opens
  await expect(page.getByRole("link", { name: /^Horizon Europe .*\(s'ouvre dans un nouvel onglet\)$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Une énergie propre pour tous les Européens .*\(s'ouvre dans un nouvel onglet\)$/ })).toBeVisible();
  await expect(page.getByText(/^Contact\s:\s.+@.+/)).toBeVisible();
  // nothing of the English landing is left
  for (const english of ["Sign Up", "Login", "Stronger together", "Part of European projects", "opens in a new tab"]) {
    await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  }
  await snapBoth(page, "i18n-public-landing-fr");
});

test("logging in with a wrong password, in French", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await page.goto("/login");
  await expect(page).toHaveTitle("Connexion · Foyer");
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await expect(page.getByText("Bon retour dans votre communauté énergétique.")).toBeVisible();
  const form = page.getByRole("form", { name: "Connexion" });
  await form.getByLabel("E-mail").fill(user.email);
  await form.getByLabel("Mot de passe", { exact: true }).fill("not-the-password");
  await expect(form.getByRole("button", { name: "Afficher le mot de passe" })).toBeVisible();
  await expect(form.getByRole("checkbox", { name: "Se souvenir de moi" })).toBeVisible();
  await expect(form.getByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute("href", "/forgot-password");
  await expect(page.getByText("Nouveau sur Foyer ?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Créer un compte" })).toHaveAttribute("href", "/signup");
  await form.getByRole("button", { name: "Se connecter" }).click();
  const alert = form.getByRole("alert");
  await expect(alert.getByText("Erreur")).toBeVisible();
  // the API's own words, in French
  await expect(alert).toContainText("E-mail ou mot de passe incorrect");
  await expect(page).toHaveURL(/\/login$/);
  await snapBoth(page, "i18n-public-login-error-fr");
});

test("opened at another address than APP_URL: the login page says where to log in, in French", async ({ page }) => {
  const canonical = new URL(E2E.baseURL);
  const other = E2E.baseURL.replace("127.0.0.1", "localhost");
  await page.goto(other + "/login");
  expect(await lang(page)).toBe("fr");
  const notice = page.getByRole("alert").filter({ hasText: "Vous avez ouvert Foyer" });
  await expect(notice).toContainText(`Vous avez ouvert Foyer à l'adresse localhost:${canonical.port}, mais son adresse est ${canonical.host}`);
  await expect(notice).toContainText("connectez-vous à cette adresse, sinon la liaison de vos comptes d'énergie et les liens reçus par e-mail vous feront perdre votre session.");
  await snapBoth(page, "i18n-public-login-other-address-fr");
  await notice.getByRole("link", { name: `Aller sur ${canonical.host}` }).click();
  await expect(page).toHaveURL(E2E.baseURL + "/login");
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await expect(notice).toBeHidden();
});

test("signup's errors, in French", async ({ page, baseURL }) => {
  const taken = await apiUser(baseURL!);
  await page.goto("/signup");
  await expect(page).toHaveTitle("Inscription · Foyer");
  await expect(page.getByRole("heading", { level: 1, name: "Créez votre compte" })).toBeVisible();
  await expect(page.getByText("Rejoignez votre communauté énergétique : cela prend moins d'une minute.")).toBeVisible();
  const form = page.getByRole("form", { name: "Inscription" });
  await expect(form.getByText("Au moins 8 caractères")).toBeVisible();
  await expect(page.getByText("Vous avez déjà un compte ?")).toBeVisible();

  // the checks of the shared schema, in French
  await form.getByRole("button", { name: "S'inscrire" }).click();
  await expect(form.getByText("L'e-mail n'a pas été saisi")).toBeVisible();

  // an address already taken: a way out, in French
  await form.getByLabel("E-mail").fill(taken.email);
  await form.getByLabel("Mot de passe", { exact: true }).fill("e2e-password-2");
  await form.getByLabel("Confirmer le mot de passe", { exact: true }).fill("e2e-password-2");
  await form.getByRole("button", { name: "S'inscrire" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("Un compte existe déjà avec cette adresse e-mail");
  await expect(alert).toContainText("Est-ce le vôtre ? Connectez-vous ou réinitialisez votre mot de passe.");
  await expect(alert.getByRole("link", { name: "Connectez-vous" })).toHaveAttribute("href", "/login");
  await expect(alert.getByRole("link", { name: "réinitialisez votre mot de passe" })).toHaveAttribute("href", "/forgot-password");
  await snapBoth(page, "i18n-public-signup-error-fr");
});

test("a forgotten password, a French e-mail and a new password; a bad reset link", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle("Mot de passe oublié · Foyer");
  await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié ?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la connexion" })).toHaveAttribute("href", "/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
  await expect(page.getByText("E-mail de réinitialisation envoyé")).toBeVisible();
  await expect(page.getByText(`Si un compte existe pour ${user.email}, un lien pour choisir un nouveau mot de passe est en route. Il est valable une heure.`)).toBeVisible();
  await snapBoth(page, "i18n-public-forgot-fr");

  // the e-mail speaks the asker's language
  const mail = await mailbox.waitFor(user.email);
  expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Foyer=C2=A0=3A_r=C3=A9initialisez/im);
  expect(Buffer.from(mail.text, "latin1").toString("utf8")).toContain("Le lien ne sert qu'une fois, pendant 60 minutes.");
  const token = resetTokenFrom(mail);

  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveTitle("Réinitialiser le mot de passe · Foyer");
  await expect(page.getByRole("heading", { level: 1, name: "Choisissez un nouveau mot de passe" })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("second-password-2");
  await page.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("second-password-2");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Votre mot de passe a été réinitialisé")).toBeVisible();
  await expect(page.getByText("Vous pouvez vous connecter")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();

  // a link that no longer works (or never did): the API's word, then the way to a new one in French
  await page.goto("/reset-password?token=not-a-real-token");
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("third-password-3");
  await page.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("third-password-3");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  const alert = page.getByRole("form", { name: "Choisir un nouveau mot de passe" }).getByRole("alert");
  await expect(alert).toContainText("Lien invalide ou expiré");
  await expect(alert).toContainText("Un lien de réinitialisation ne sert qu'une fois, pendant une durée limitée.");
  await snapBoth(page, "i18n-public-reset-bad-token-fr");
  await alert.getByRole("link", { name: "Envoyez-moi un nouveau lien" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("the privacy policy in French, with the language cookie", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Politique de confidentialité · Foyer");
  await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
  await expect(page.getByText(/^Version \d+ · en vigueur depuis le \d{1,2} [a-zéû]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Qui est responsable" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "9. Cookies" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "foyer-locale" })).toContainText("conservée un an");
  await expect(page.getByRole("listitem").filter({ hasText: "foyer-locale" })).toContainText("ce cookie ne sert à aucun suivi");
  await expect(page.getByRole("heading", { name: "10. Modifications de cette politique" })).toBeVisible();
  await expect(page.getByText("Version 1 : export et effacement de votre historique sur demande par e-mail.")).toBeVisible();
  await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
  await snapBoth(page, "i18n-public-privacy-fr");
});
