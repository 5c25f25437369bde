import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, logIn, logOut, PHONE, snap as snapPage, test, uniqueEmail, signedIn, snapBoth, openSession } from "./helpers";

// the linky sandbox grants these two usage points
const METERS = ["24880057139941", "25946599093143"];

/** Links the Linky meter through the sandbox's consent page. */
async function linkLinky(page: Page) {
  await page.goto("/integrations");
  await page.getByRole("button", { name: "Link Linky meter", exact: true }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Your integration has been created")).toBeVisible();
}

/** The login page refuses these credentials. */
async function loginRefused(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Incorrect username or password")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

const meters = (baseURL: string, token: string) =>
  fetch(`${baseURL}/api/v1/meters`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ usage_point_id: string; integration_id: number | null }[]>);

test("change the e-mail with the password, then log in with the new one", async ({ page, baseURL }) => {
  const user = await signedIn(page, baseURL!);
  const taken = await apiUser(baseURL!);
  const fresh = uniqueEmail("moved");

  await page.goto("/protected");
  const form = page.getByRole("form", { name: "Change e-mail" });
  await expect(form.getByText(`Currently ${user.email}`)).toBeVisible();

  // the server's refusals show under the field they are about
  await form.getByLabel("New e-mail").fill(taken.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Change e-mail" }).click();
  await expect(form.getByText("A user with this email already exists")).toBeVisible();
  await form.getByLabel("New e-mail").fill(fresh.toUpperCase());
  await form.getByLabel("Password", { exact: true }).fill("not-my-password");
  await form.getByRole("button", { name: "Change e-mail" }).click();
  await expect(form.getByText("Incorrect password")).toBeVisible();
  await snapBoth(page, "account-email-refused");

  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Change e-mail" }).click();
  await expect(page.getByText("Your e-mail address was changed")).toBeVisible();
  // the page shows the new address (stored lower-cased), in the profile and the top bar
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(fresh);
  await expect(form.getByText(`Currently ${fresh}`)).toBeVisible();
  await expect(page.getByRole("button", { name: fresh })).toBeVisible();
  await snapBoth(page, "account-email-changed");

  await logOut(page);
  await loginRefused(page, user.email, user.password);
  await logIn(page, fresh, user.password);
  await page.goto("/protected");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(fresh);
});

test("delete the account: what goes, the password refused then accepted, logged out, and no login afterwards", async ({ page, baseURL }) => {
  const user = await signedIn(page, baseURL!);
  const location = await fetch(`${baseURL}/api/v1/locations`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Home", country: "FR", lat: 48.85, lon: 2.35 }),
  });
  expect(location.status).toBe(201);
  await linkLinky(page);

  await page.goto("/protected");
  const zone = page.getByRole("region", { name: "Delete my account" });
  await zone.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const what = dialog.getByRole("list", { name: "What will be deleted" });
  await expect(what).toContainText(/2 meters (with [\d,]+ days? of readings|without readings)/);
  await expect(what).toContainText("1 location");
  await expect(what).toContainText("1 integration whose access will be revoked");

  // cancel keeps everything
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await zone.getByRole("button", { name: "Delete my account" }).click();

  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Password was not provided")).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Incorrect password")).toBeVisible();
  await snapBoth(page, "account-delete-dialog");
  expect((await fetch(`${baseURL}/api/v1/users/me`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200);

  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await snapBoth(page, "account-deleted-landing");

  // gone: no page, no token, no login
  await page.goto("/protected");
  await expect(page).toHaveURL(/\/login/);
  expect((await fetch(`${baseURL}/api/v1/users/me`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(401);
  await loginRefused(page, user.email, user.password);
});

test("the last administrator is told why their account cannot be deleted", async ({ page }) => {
  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/protected");
  const zone = page.getByRole("region", { name: "Delete my account" });
  await expect(zone.getByText(/You are the last administrator/)).toBeVisible();
  await expect(zone.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await page.setViewportSize(PHONE);
  await zone.scrollIntoViewIfNeeded();
  await snapPage(page, "account-last-admin-phone");
});

test("unlink and keep history keeps the meters; unlink and delete its data removes them", async ({ page, baseURL }) => {
  // keep
  const keeper = await signedIn(page, baseURL!);
  await linkLinky(page);
  expect((await meters(baseURL!, keeper.token)).map((m) => m.usage_point_id).sort()).toEqual(METERS);
  await page.goto("/integrations");
  const card = page.getByRole("region", { name: "Linky meter" });
  await card.getByRole("button", { name: "Unlink Linky meter" }).click();
  const dialog = page.getByRole("dialog", { name: "Unlink Linky meter?" });
  await expect(dialog.getByRole("button", { name: "Unlink and delete its data" })).toBeVisible();
  await snapBoth(page, "unlink-choice");
  await dialog.getByRole("button", { name: "Unlink and keep history" }).click();
  await expect(page.getByText("Linky meter was unlinked; its history is kept")).toBeVisible();
  await expect(card.getByText("Not linked")).toBeVisible();
  const kept = await meters(baseURL!, keeper.token);
  expect(kept.map((m) => m.usage_point_id).sort()).toEqual(METERS);
  expect(kept.every((m) => m.integration_id === null)).toBe(true);
  await logOut(page);

  // delete: a second, explicit confirmation names what goes
  const deleter = await signedIn(page, baseURL!);
  await linkLinky(page);
  await page.goto("/integrations");
  await card.getByRole("button", { name: "Unlink Linky meter" }).click();
  await dialog.getByRole("button", { name: "Unlink and delete its data" }).click();
  await expect(dialog.getByRole("alert")).toContainText(`This deletes for good its meters and all their readings (meters ${METERS.join(", ")})`);
  await snapBoth(page, "unlink-delete-confirm");
  // cancelling and opening again starts from the choice
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await meters(baseURL!, deleter.token)).toHaveLength(2);
  await card.getByRole("button", { name: "Unlink Linky meter" }).click();
  await expect(dialog.getByRole("button", { name: "Yes, delete its data" })).toBeHidden();
  await dialog.getByRole("button", { name: "Unlink and delete its data" }).click();
  await dialog.getByRole("button", { name: "Yes, delete its data" }).click();
  await expect(page.getByText("Linky meter was unlinked and its data deleted")).toBeVisible();
  await expect(card.getByText("Not linked")).toBeVisible();
  expect(await meters(baseURL!, deleter.token)).toEqual([]);
});
