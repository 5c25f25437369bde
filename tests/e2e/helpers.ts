import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { E2E } from "../../playwright.config";

/**
 * Waits until React has hydrated the page (components/layout/providers.tsx marks <html
 * data-hydrated>): after a navigation by a link or a form, before clicking what only React handles.
 */
export const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/**
 * Playwright's `test` whose `page.goto` also waits, for an HTML page, until React has hydrated it
 * (components/layout/providers.tsx marks <html data-hydrated>): a button server-rendered but not
 * yet hydrated ignores a click, which made specs flaky on a loaded machine.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response && (response.headers()["content-type"] ?? "").startsWith("text/html")) {
        await hydrated(page);
      }
      return response;
    };
    await use(page);
  },
});

const SCREENSHOT_DIR = path.resolve("test-results", "screenshots");

/**
 * Saves a full-page screenshot at the current viewport (desktop or phone) for people to look at,
 * then holds the page state to axe-core in both colour schemes: no serious or critical violation
 * (issue 15), so every state the suite shows people is also checked.
 */
export async function snap(page: Page, name: string) {
  // after a client navigation Next commits the page before its <title>: on the way to My Devices
  // the document has no title for a moment (seen with a MutationObserver, CPU slowed 6×). The
  // state is taken once the title has come, as a reader's assistive technology announces it.
  await expect(page).not.toHaveTitle("");
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

export const PHONE = { width: 375, height: 740 };

let counter = 0;
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}

/** Signs up through the page and lands on Home with the privacy notice. */
export async function signUp(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("button", { name: "Confirm Acceptance" })).toBeVisible();
}

/** Logs in through the page. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // the first login on a server just started (its password hashing pool, next-auth's first
  // request, the other server seeding the demo meanwhile) took over 10 s when a spec ran alone
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

/**
 * Opens a session in the page's browser context without the login form: next-auth's own endpoints
 * over HTTP, as the form's client calls them (its CSRF token, then the credentials callback), with
 * the context's cookies; the session cookie lands in the browser. For specs about what comes after
 * logging in; the form itself is walked by logIn, in the specs about logging in and wherever the
 * landing matters. The page stays where it is: a spec goes on with page.goto.
 */
export async function openSession(page: Page, email: string, password: string) {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, remember: "false", json: "true" }, maxRedirects: 0 });
  expect(res.ok(), `sign-in of ${email}: ${res.status()} ${await res.text()}`).toBe(true);
  const { url } = (await res.json()) as { url: string };
  expect(new URL(url).searchParams.get("error"), `sign-in of ${email} refused`).toBeNull();
  expect((await page.context().cookies()).some((c) => /session-token(\.\d+)?$/.test(c.name)), "a session cookie").toBe(true);
}

/** A user created through the API, for specs that are not about signing up. */
export async function apiUser(baseURL: string, email = uniqueEmail(), password = "e2e-password-1") {
  const res = await fetch(`${baseURL}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.${counter++ % 250}.0.1` },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return { email, password, token: access_token };
}

/** Logs out through /logout and waits for the visitors' home. */
export async function logOut(page: Page) {
  await page.goto("/logout");
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
}

export const DESKTOP = { width: 1280, height: 800 };

/** A user who has accepted the privacy notice, with a session in the page's context (openSession). */
export async function signedIn(page: Page, baseURL: string) {
  const user = await apiUser(baseURL);
  const res = await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  expect(res.ok).toBe(true);
  await openSession(page, user.email, user.password);
  return user;
}

/** Desktop then phone full-page screenshots from the top (no dialog half-way through opening), back to desktop. */
export async function snapBoth(page: Page, name: string) {
  const dialog = page.locator(".MuiDialog-container");
  if (await dialog.count()) await expect(dialog.first()).toHaveCSS("opacity", "1");
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await snap(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Both of the Linky sandbox's meters synced to the end (the e2e server syncs in seconds; a loaded machine takes longer). */
export async function historySynced(baseURL: string, token: string) {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseURL}/api/v1/meters`, { headers: { authorization: `Bearer ${token}` } });
        const meters = (await res.json()) as { sync: { state: string } }[];
        return meters.length === 2 && meters.every((m) => m.sync.state === "done");
      },
      { timeout: 200_000, intervals: [1000] },
    )
    .toBe(true);
}

/**
 * The toast saying `text` leaves the header (navigation, avatar, the phone's menu) uncovered, at
 * the viewport it is checked at.
 */
export async function toastClearOfHeader(page: Page, text: string) {
  const toast = await page.getByRole("alert").filter({ hasText: text }).boundingBox();
  const header = await page.getByRole("banner").first().boundingBox();
  expect(toast!.y).toBeGreaterThan(header!.y + header!.height);
}

/** The Linky sandbox's producing meter, the one the demo household links (prisma/demo.ts). */
export const DEMO_PRM = "24880057139941";

/**
 * The demo's Linky history synced to the end by the server's workers (it starts syncing when the
 * server starts: done long before this spec in a whole run, a minute or two when run alone).
 */
export async function demoHistorySynced(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.251.0.1" },
    body: new URLSearchParams({ username: E2E.demo.email, password: E2E.demo.password }),
  });
  expect(res.ok, `the demo household logs in: ${res.status}`).toBe(true);
  const { access_token } = (await res.json()) as { access_token: string };
  await expect
    .poll(
      async () => {
        const meters = (await (await fetch(`${baseURL}/api/v1/meters`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as { usage_point_id: string; sync: { state: string } }[];
        return meters.map((m) => `${m.usage_point_id} ${m.sync.state}`);
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toEqual([`${DEMO_PRM} done`]);
  return access_token;
}

