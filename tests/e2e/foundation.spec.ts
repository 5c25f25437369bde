import { expect } from "@playwright/test";
import { Mailbox, resetTokenFrom } from "../helpers/mailbox";
import { E2E } from "../../playwright.config";
import { apiUser, logIn, logOut, PHONE, signedIn, signUp, snap, snapBoth, toastClearOfHeader, uniqueEmail, test } from "./helpers";

const mailbox = new Mailbox();
test.beforeAll(async () => {
  await mailbox.start(E2E.smtpPort);
});
test.afterAll(async () => {
  await mailbox.stop();
});

test("a visitor sees the landing page and is bounced to /login from a private page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign Up" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /@/ }).first()).toBeVisible();
  await snap(page, "landing-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "landing-phone");

  await page.goto("/protected");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fprotected/);
  await page.goto("/reset-password");
  await expect(page).toHaveURL(E2E.baseURL + "/");
});

test("sign up, accept the notice, edit the account, log out, log in again (back to the page asked for)", async ({ page }) => {
  const email = uniqueEmail("household");
  const password = "first-password-1";

  await page.goto("/signup");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Email was not provided")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill("something-else");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await snap(page, "signup-mismatch-desktop");

  await signUp(page, email, password);
  await expect(page.getByText("Registration complete")).toBeVisible();
  await expect(page.getByText("IEC 62746-4")).toBeVisible();
  await expect(page.getByText(/transmission system operator/)).toBeVisible();
  await snap(page, "home-notice-desktop");
  await page.getByRole("button", { name: "Confirm Acceptance" }).click();
  await expect(page.getByRole("button", { name: "Confirm Acceptance" })).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm Acceptance" })).toBeHidden();
  // nothing linked yet: the welcome says where to start
  await expect(page.getByText(/Start by linking an integration/)).toBeVisible();

  await page.goto("/?created=true");
  await expect(page.getByText("Your integration has been created")).toBeVisible();

  await page.goto("/protected");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).not.toBeEditable();
  // nothing to save until something changed
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.getByLabel("First name").fill("Jeanne");
  await page.getByLabel("Last name").fill("Dupont");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your profile was updated")).toBeVisible();
  // saved: nothing to save again
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  // the toast leaves the header (navigation, avatar, phone menu) uncovered
  await toastClearOfHeader(page, "Your profile was updated");
  await snap(page, "account-desktop");
  await page.setViewportSize(PHONE);
  await toastClearOfHeader(page, "Your profile was updated");
  await snap(page, "account-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Jeanne");
  await expect(page.getByRole("button", { name: /Jeanne/ })).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(E2E.baseURL + "/");

  // signing up again with the same e-mail: the way to log in or recover the password
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("A user with this email already exists")).toBeVisible();
  await expect(page.getByRole("alert").getByRole("link", { name: "reset your password" })).toHaveAttribute("href", "/forgot-password");
  await snap(page, "signup-exists-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "signup-exists-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("alert").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/schedules");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fschedules/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Incorrect username or password")).toBeVisible();
  await snap(page, "login-error-desktop");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/schedules$/);
});

test("opened at another address than APP_URL: the login page says where to log in", async ({ page }) => {
  const canonical = new URL(E2E.baseURL);
  const other = E2E.baseURL.replace("127.0.0.1", "localhost");
  await page.goto(other + "/login");
  const notice = page.getByText(`You opened Foyer at localhost:${canonical.port}, but its address is ${canonical.host}`);
  await expect(notice).toBeVisible();
  await snap(page, "login-other-address-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "login-other-address-phone");
  await page.getByRole("link", { name: `Go to ${canonical.host}` }).click();
  await expect(page).toHaveURL(E2E.baseURL + "/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(notice).toBeHidden();
});

test("a forgotten password is recovered through the e-mail link", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await page.goto("/login");
  await page.getByRole("link", { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await snap(page, "forgot-desktop");

  const mail = await mailbox.waitFor(user.email);
  const token = resetTokenFrom(mail);
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel("New password", { exact: true }).fill("second-password-2");
  await page.getByLabel("Confirm new password", { exact: true }).fill("second-password-2");
  await snap(page, "reset-desktop");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been reset")).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Incorrect username or password")).toBeVisible();
  await logIn(page, user.email, "second-password-2");
  await expect(page.getByRole("button", { name: "Confirm Acceptance" })).toBeVisible();

  // the link works once
  await logOut(page);
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel("New password", { exact: true }).fill("third-password-3");
  await page.getByLabel("Confirm new password", { exact: true }).fill("third-password-3");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Invalid or expired token")).toBeVisible();
  // with the way to a new one
  await expect(page.getByText("A reset link works once, for a limited time.")).toBeVisible();
  await snap(page, "reset-spent-desktop");
  await page.setViewportSize(PHONE);
  await snap(page, "reset-spent-phone");
  await page.getByRole("alert").getByRole("link", { name: "Send me a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("the app shell: navigation, avatar menu, phone menu, admin item for admins only", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await logIn(page, user.email, user.password);
  const nav = page.getByRole("navigation").first();
  for (const name of ["Home", "Integrations", "Dashboards", "Schedules", "Devices", "Locations"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByText(/forbidden/i).first()).toBeVisible();
  await page.goto("/");
  await nav.getByRole("link", { name: "Dashboards", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  // no published dashboard here: My Energy, empty until a meter is linked
  await expect(page.getByRole("heading", { name: "No Linky meter linked yet" })).toBeVisible();

  await page.getByRole("button", { name: user.email }).click();
  await expect(page.getByRole("menuitem", { name: "My Account" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: /menu/i }).first().click();
  await expect(page.getByRole("link", { name: "Locations", exact: true })).toBeVisible();
  await snap(page, "menu-phone");
  await page.getByRole("link", { name: "Locations", exact: true }).click();
  await expect(page).toHaveURL(/\/locations/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await logOut(page);
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
});

test("the frame's own stylesheet draws it: the current link, the skip link on the first Tab, one scheme icon, the links or the menu button by width", async ({ page, baseURL }) => {
  // the frame is plain elements with a stylesheet's classes (components/layout/frame.module.css):
  // without that stylesheet (not built, or refused by the CSP) every check below fails
  const user = await apiUser(baseURL!);
  await logIn(page, user.email, user.password);
  await page.setViewportSize({ width: 1600, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/locations/");
  const style = (name: string, prop: string) => page.evaluate(([sel, p]) => getComputedStyle(document.querySelector(sel)!).getPropertyValue(p), [name, prop]);
  const main = page.getByRole("navigation", { name: "Main" });
  const current = main.getByRole("link", { name: "Locations", exact: true });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(current).toHaveCSS("color", "rgb(27, 107, 79)");
  await expect(current).toHaveCSS("background-color", "rgba(27, 107, 79, 0.1)");
  await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveCSS("color", "rgba(0, 0, 0, 0.6)");
  expect(await style("header", "position")).toBe("sticky");
  expect(await style("footer", "border-top-width")).toBe("1px");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

  // the skip link waits above the page until the first Tab brings it down
  const skip = page.getByRole("link", { name: "Skip to content" });
  expect((await skip.boundingBox())!.y).toBeLessThan(0);
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);

  // one icon of the two on the scheme switch, the one of the scheme shown
  const shown = () => page.getByRole("switch", { name: "Dark mode" }).locator("svg").evaluateAll((icons) => icons.map((i) => getComputedStyle(i).display !== "none"));
  expect(await shown()).toEqual([true, false]);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await shown()).toEqual([false, true]);

  // a phone: the menu button instead of the links
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(main).toBeHidden();
});

test("the visitors' bar from the frame's stylesheet: the current page, Sign up filled, Home on wider screens, the page's width", async ({ page }) => {
  // plain links with the classes of components/layout/frame.module.css, drawn as MUI's Buttons were:
  // without that stylesheet every colour and width below fails
  await page.setViewportSize({ width: 1600, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/login");
  const nav = page.getByRole("navigation", { name: "Main" });
  const login = nav.getByRole("link", { name: "Log in", exact: true });
  await expect(login).toHaveAttribute("aria-current", "page");
  await expect(login).toHaveCSS("color", "rgb(27, 107, 79)");
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveCSS("color", "rgba(0, 0, 0, 0.6)");
  const signup = nav.getByRole("link", { name: "Sign up", exact: true });
  await expect(signup).toHaveCSS("background-color", "rgb(27, 107, 79)");
  await expect(signup).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(signup).toHaveCSS("border-radius", "10px");
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("header")!).position)).toBe("sticky");
  // the bar's content as wide as the page's: 1,200 px in the middle of 1,600
  const brand = (await page.getByRole("link", { name: "Foyer, home" }).boundingBox())!;
  expect(brand.x).toBeGreaterThanOrEqual(200);
  expect((await signup.boundingBox())!.x + (await signup.boundingBox())!.width).toBeLessThanOrEqual(1400);

  // a phone: the brand is the way home, Log in and Sign up stay
  await page.setViewportSize(PHONE);
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeHidden();
  await expect(login).toBeVisible();
  await expect(signup).toBeVisible();
});

test("the privacy policy: its version and date, and the cookies Foyer sets, by name", async ({ page, context, baseURL }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Data Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle("Data Privacy Policy · Foyer");
  await expect(page.getByRole("heading", { level: 1, name: "Data Privacy Policy" })).toBeVisible();
  await expect(page.getByText(/^Version \d+ · in effect since \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "9. Cookies" })).toBeVisible();
  // the three sign-in cookies and the language's, each named with what it is for (no "single cookie")
  const named = ["next-auth.session-token", "next-auth.csrf-token", "next-auth.callback-url", "foyer-locale"];
  for (const name of named) await expect(page.getByRole("listitem").filter({ has: page.locator("code", { hasText: name }) })).toHaveCount(1);
  await expect(page.getByRole("listitem").filter({ hasText: "next-auth.session-token" })).toContainText("keeps you signed in");
  await expect(page.getByRole("listitem").filter({ hasText: "foyer-locale" })).toContainText("kept for one year");
  await expect(page.getByText(/the names of the three sign-in cookies start with __Secure- or __Host-/)).toBeVisible();
  await expect(page.getByText(/single cookie/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "10. Changes to this policy" })).toBeVisible();
  await expect(page.getByText(/^Version \d+, \d{1,2} [A-Z][a-z]+ \d{4}: Export and deletion are now self-service/)).toBeVisible();
  await expect(page.getByText("Version 1: export and erasure of your history on request by e-mail.")).toBeVisible();
  await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
  await snapBoth(page, "privacy");

  // what it names is what a signed-in browser holds
  const user = await apiUser(baseURL!);
  await logIn(page, user.email, user.password);
  const held = (await context.cookies()).map((c) => c.name);
  expect(held).toContain("next-auth.session-token");
  for (const name of held) expect(named, name).toContain(name);
});

test("a page that does not exist answers 404 inside one shell", async ({ page, baseURL }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("This page does not exist")).toBeVisible();
  const user = await apiUser(baseURL!);
  await logIn(page, user.email, user.password);
  const inApp = await page.goto("/device-info/not-a-number");
  expect(inApp?.status()).toBe(404);
  await expect(page.getByText("This page does not exist")).toBeVisible();
  await expect(page.getByRole("link", { name: "Data Privacy Policy" })).toHaveCount(1);
});

test("a page prefetches no link on arrival; a link prefetches its page once the pointer is on it, then opens it", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  const prefetched: string[] = [];
  page.on("request", (r) => {
    if (r.headers()["next-router-prefetch"]) prefetched.push(new URL(r.url()).pathname);
  });
  await page.goto("/device-info");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // next/link's default prefetched every link in view within this time after hydration
  await page.waitForTimeout(1500);
  expect(prefetched).toEqual([]);
  const link = page.getByRole("navigation").first().getByRole("link", { name: "Locations", exact: true });
  const prefetch = page.waitForRequest((r) => Boolean(r.headers()["next-router-prefetch"]) && new URL(r.url()).pathname === "/locations/");
  await link.hover();
  await prefetch;
  await link.click();
  await expect(page).toHaveURL(/\/locations\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a text field's label rests in the empty field, moves to its border with the focus or a value, and stays in the HTML's place before scripts run", async ({ browser, baseURL }) => {
  // where the label's middle is against the input's box: inside it, or on its top border
  const place = async (page: import("@playwright/test").Page, name: string) => {
    const input = await page.getByLabel(name, { exact: true }).boundingBox();
    const label = await page.locator("label", { hasText: new RegExp(`^${name}`) }).boundingBox();
    if (!input || !label) throw new Error(`no box for ${name}`);
    const middle = label.y + label.height / 2;
    return middle > input.y && middle < input.y + input.height ? "in the field" : middle <= input.y ? "on the border" : "below";
  };
  // without JavaScript: what the server's HTML and the CSS show alone
  const bare = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noScript = await bare.newPage();
  await noScript.goto("/signup");
  // the e-mail field has the focus as the page opens (autofocus), the password field is empty
  // polled: the label moves with a CSS transition, which a read right after the click can catch half-way
  await expect.poll(() => place(noScript, "Email")).toBe("on the border");
  await expect.poll(() => place(noScript, "Password")).toBe("in the field");
  await noScript.getByLabel("Password", { exact: true }).fill("a long password");
  await noScript.getByRole("heading", { level: 1 }).click();
  await expect.poll(() => place(noScript, "Password")).toBe("on the border");
  await expect.poll(() => place(noScript, "Email")).toBe("in the field");
  await bare.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  // the e-mail field has the focus when the page opens; the password field waits, empty
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
  await expect.poll(() => place(page, "Email")).toBe("on the border");
  await expect.poll(() => place(page, "Password")).toBe("in the field");
  await page.getByLabel("Password", { exact: true }).focus();
  await expect.poll(() => place(page, "Password")).toBe("on the border");
  await expect.poll(() => place(page, "Email")).toBe("in the field");
  await page.getByLabel("Password", { exact: true }).fill("secret");
  await page.getByLabel("Email", { exact: true }).focus();
  await expect.poll(() => place(page, "Password")).toBe("on the border");
  await context.close();
});
