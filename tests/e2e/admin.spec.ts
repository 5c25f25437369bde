import { expect } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, logIn, logOut, PHONE, snap, snapBoth, test, hydrated, openSession } from "./helpers";

/** A household made through the API: a location, a device and a schedule. */
async function household(baseURL: string) {
  const user = await apiUser(baseURL);
  const auth = { Authorization: `Bearer ${user.token}`, "content-type": "application/json" };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${baseURL}${path}`, { method: "POST", headers: auth, body: JSON.stringify(body) });
    expect(r.status, await r.clone().text()).toBe(201);
    return r.json();
  };
  const location = await post("/api/v1/locations", { name: "Farmhouse", country: "IE", lat: 53.35, lon: -6.26 });
  const device = await post("/api/v1/device_info", { device_id: `dev-${Date.now()}`, device_type: "linky", location_id: location.id });
  const schedule = await post("/api/v1/schedules/manual_weekahead", { der_name: "Water heater", average_power: 1500, months: [1, 2, 3], days: [0, 1, 2, 3, 4], hours: [2, 3, 4] });
  const get = async (path: string) => (await fetch(`${baseURL}${path}`, { headers: auth })).json();
  return { user, device, schedule, get };
}

test("a normal user is refused the back-office with 403", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await openSession(page, user.email, user.password);
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(403);
  await expect(page.getByText("Forbidden").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await snap(page, "admin-forbidden-desktop");
});

test("a visitor opening /admin is sent to log in first", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin/);
});

test("an admin finds and deactivates a user, edits a device's type and a schedule's months", async ({ page, baseURL }) => {
  const h = await household(baseURL!);
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await page.getByRole("link", { name: "Admin", exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin/);

  // users: search, open, deactivate
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, "admin-users-list");
  await page.getByPlaceholder("Search e-mail or name").fill(h.user.email);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  // the e-mail opens the user, like the rest of the row (no mailto: link)
  await expect(page.getByRole("row").nth(1).getByRole("link", { name: h.user.email })).toHaveCount(0);
  await page.getByRole("row").nth(1).getByRole("cell", { name: h.user.email }).click();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(h.user.email);
  await page.getByLabel("Active").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Element updated")).toBeVisible();
  // react-admin goes back to the list after a save (with the list's filter in its query once the list
  // has written it there, which it may do before or after it lands): wait for it, or its navigation
  // may land after ours
  await expect(page).toHaveURL(/\/admin#\/users(\?.*)?$/);
  const refused = await fetch(`${baseURL}/api/token`, { method: "POST", body: new URLSearchParams({ username: h.user.email, password: h.user.password }) });
  expect(refused.status).toBe(403);

  // devices: change the type
  await page.goto(`/admin#/devices/${h.device.id}`);
  await expect(page.getByRole("textbox", { name: "Device ID" })).toHaveValue(h.device.device_id);
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "shelly" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Element updated")).toBeVisible();
  await expect(page).toHaveURL(/\/admin#\/devices(\?.*)?$/);
  const device = await fetch(`${baseURL}/api/v1/device_info/${h.device.id}`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json());
  expect(device.device_type).toBe("shelly");
  expect(device.location_id).toBe(h.device.location_id);

  // schedules: filter by user, show, edit the months
  await page.goto("/admin#/schedules");
  await expect(page.getByRole("cell", { name: "Water heater" })).toBeVisible();
  await page.goto(`/admin#/schedules/${h.schedule.id}`);
  await page.getByRole("checkbox", { name: "1 · January" }).uncheck();
  await page.getByRole("checkbox", { name: "12 · December" }).check();
  await snapBoth(page, "admin-schedule-edit");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Element updated")).toBeVisible();
  await expect(page).toHaveURL(/\/admin#\/schedules(\?.*)?$/);
  const schedule = await fetch(`${baseURL}/api/v1/schedules/${h.schedule.id}`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json());
  expect(schedule.data.months).toEqual([2, 3, 12]);

  // locations of every user, read-only. A fresh document: the schedules list just left may still
  // write its state to the address (react-admin syncs it after a delay) and take a hash-only
  // navigation back to #/schedules, as one full run saw
  await page.goto("about:blank");
  await page.goto("/admin#/locations");
  await expect(page.getByRole("cell", { name: "Farmhouse" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
  // on a phone, each list is one line per record, within the screen's width (the back-office
  // opened on the phone, as a phone user would: its menu then starts closed)
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page).toHaveURL(/\/admin#\/locations/);
  await expect(page.getByText("Farmhouse").first()).toBeVisible();
  await snap(page, "admin-locations-phone");
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const lists = [
    ["users", { q: h.user.email }, h.user.email],
    ["devices", { q: h.device.device_id }, h.device.device_id],
    ["schedules", { user_id: h.schedule.user_id }, "Water heater"],
  ] as const;
  for (const [resource, filter, text] of lists) {
    await page.goto(`/admin#/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await expect(page.getByText(text).first()).toBeVisible();
    await snap(page, `admin-${resource}-phone`);
    expect(await overflow(), resource).toBeLessThanOrEqual(0);
  }
  // a line opens its schedule
  await page.getByRole("link", { name: /Water heater/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin#/schedules/${h.schedule.id}/show`));
});

test("a split schedule reads as its parts in the back-office (list and show, desktop and phone) and its parts are edited there", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  const auth = { Authorization: `Bearer ${user.token}`, "content-type": "application/json" };
  const every = [0, 1, 2, 3, 4, 5, 6];
  // the main settings (1,500 W all year) are not what runs: the parts are
  const created = await fetch(`${baseURL}/api/v1/schedules/manual_weekahead`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      der_name: "Home battery", average_power: 1500, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: every, hours: [10, 11, 12, 13, 14, 15],
      schedules: [
        { months: [1, 2, 3, 10, 11, 12], days: every, hours: [10, 11, 12, 13, 14, 15], average_power: 2000 },
        { months: [4, 5, 6, 7, 8, 9], days: every, hours: [9, 10, 11, 12, 13, 14, 15, 16], average_power: 3000 },
      ],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const schedule = (await created.json()) as { id: number; user_id: number };
  const part1 = "Part 1 · 2,000 W · October–March · Every day · 10:00–16:00";
  const part2 = "Part 2 · 3,000 W · April–September · Every day · 09:00–17:00";

  await openSession(page, E2E.admin.email, E2E.admin.password);
  const listUrl = `/admin#/schedules?filter=${encodeURIComponent(JSON.stringify({ user_id: schedule.user_id }))}`;
  await page.goto(listUrl);
  // the list: the parts, the owner by e-mail, not the main settings
  const row = page.getByRole("row").filter({ hasText: "Home battery" });
  await expect(row).toContainText("Split in 2", { timeout: 30_000 });
  await expect(row).toContainText(part1);
  await expect(row).toContainText(part2);
  await expect(row).toContainText(user.email);
  await expect(row).not.toContainText("1,500 W");
  await snap(page, "admin-schedules-split-desktop");

  // the show page: a week grid per part under its months and power
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin#/schedules/${schedule.id}/show`));
  await expect(page.getByText("Split in 2")).toBeVisible();
  await expect(page.getByRole("img", { name: "Part 1: October–March, Every day, 10:00–16:00, at 2,000 W" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Part 2: April–September, Every day, 09:00–17:00, at 3,000 W" })).toBeVisible();
  await expect(page.getByRole("link", { name: user.email })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("1,500 W");
  await snap(page, "admin-schedule-split-show-desktop");

  // on a phone: the show page and the list, within the screen's width
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("img", { name: /^Part 2: April–September/ })).toBeVisible({ timeout: 30_000 });
  await snap(page, "admin-schedule-split-show-phone");
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.goto(listUrl);
  const line = page.getByRole("link", { name: /Home battery/ });
  await expect(line).toContainText("Split in 2");
  await expect(line).toContainText(part1);
  await expect(line).toContainText(part2);
  await expect(line).toContainText(user.email);
  await snap(page, "admin-schedules-split-phone");
  expect(await overflow()).toBeLessThanOrEqual(0);

  // the edit form: each part's power, months, days and hours, checked as the API checks
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin#/schedules/${schedule.id}`);
  const part = (n: number) => page.getByRole("listitem").filter({ hasText: `Part ${n}` });
  await expect(part(2).getByLabel("Average power (W)")).toHaveValue("3000", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Split in 2: the parts run" })).toBeVisible();
  // a month in both parts is refused before sending, with the API's words under both parts
  await part(2).getByRole("checkbox", { name: "3 · March" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Months are not allowed to overlap between schedules: March")).toHaveCount(2);
  await snap(page, "admin-schedule-split-edit-refused-desktop");
  await part(2).getByRole("checkbox", { name: "3 · March" }).uncheck();
  // September moves to part 1; part 2 runs at 2,500 W
  await part(2).getByRole("checkbox", { name: "9 · September" }).uncheck();
  await part(1).getByRole("checkbox", { name: "9 · September" }).check();
  await part(2).getByLabel("Average power (W)").fill("2500");
  await snap(page, "admin-schedule-split-edit-desktop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Element updated")).toBeVisible();
  await expect(page).toHaveURL(/\/admin#\/schedules(\?.*)?$/);
  const saved = await fetch(`${baseURL}/api/v1/schedules/${schedule.id}`, { headers: auth }).then((r) => r.json());
  expect(saved.data.schedules).toEqual([
    { months: [1, 2, 3, 9, 10, 11, 12], days: every, hours: [10, 11, 12, 13, 14, 15], average_power: 2000 },
    { months: [4, 5, 6, 7, 8], days: every, hours: [9, 10, 11, 12, 13, 14, 15, 16], average_power: 2500 },
  ]);
  expect(saved.data.average_power).toBe(1500);
  // the list says so; the form, opened again, holds what was saved
  await page.goto(listUrl);
  await expect(page.getByRole("row").filter({ hasText: "Home battery" })).toContainText("Part 2 · 2,500 W · April–August");
  await page.goto(`/admin#/schedules/${schedule.id}`);
  await expect(part(2).getByLabel("Average power (W)")).toHaveValue("2500", { timeout: 30_000 });
  await expect(part(1).getByRole("checkbox", { name: "9 · September" })).toBeChecked();
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(part(2).getByLabel("Average power (W)")).toHaveValue("2500", { timeout: 30_000 });
  await snap(page, "admin-schedule-split-edit-phone");
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // a save the API refuses shows the API's own message: here the schedule was deleted meanwhile
  await part(1).getByLabel("Average power (W)").fill("2100");
  const gone = await fetch(`${baseURL}/api/v1/schedules/${schedule.id}`, { method: "DELETE", headers: auth });
  expect(gone.status).toBe(204);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Schedule not found")).toBeVisible();
});

test("owners read as e-mails and dates as dd MMM yyyy in every back-office list", async ({ page, baseURL }) => {
  const h = await household(baseURL!);
  await openSession(page, E2E.admin.email, E2E.admin.password);
  const filter = (f: object) => `?filter=${encodeURIComponent(JSON.stringify(f))}`;
  await page.goto(`/admin#/locations${filter({ owner_id: h.schedule.user_id })}`);
  await expect(page.getByRole("row").filter({ hasText: "Farmhouse" })).toContainText(h.user.email, { timeout: 30_000 });
  await page.goto(`/admin#/devices${filter({ q: h.device.device_id })}`);
  await expect(page.getByRole("row").filter({ hasText: h.device.device_id })).toContainText(h.user.email);
  await page.goto(`/admin#/schedules${filter({ user_id: h.schedule.user_id })}`);
  const schedule = page.getByRole("row").filter({ hasText: "Water heater" });
  await expect(schedule).toContainText(h.user.email);
  // a schedule that is not split reads as its main settings
  await expect(schedule).toContainText("1,500 W · January–March · Monday–Friday · 02:00–05:00");
  await expect(schedule).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await page.goto(`/admin#/users${filter({ q: h.user.email })}`);
  await expect(page.getByRole("row").filter({ hasText: h.user.email })).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);
  // tariffs: the first and last days as dates, not ISO strings
  await page.goto("/admin#/tariffs");
  await expect(page.getByRole("cell", { name: /^\d{2} [A-Z][a-z]{2} \d{4}$/ }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: /^\d{4}-\d{2}-\d{2}$/ })).toHaveCount(0);
  await snap(page, "admin-tariffs-desktop");
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByText(/\d{2} [A-Z][a-z]{2} \d{4} → /).first()).toBeVisible({ timeout: 30_000 });
  await snap(page, "admin-tariffs-phone");
});

test("the back-office shows the app's colour scheme: the system's, then the one chosen in either, switched to dark and back", async ({ page, baseURL }) => {
  const h = await household(baseURL!);
  await openSession(page, E2E.admin.email, E2E.admin.password);
  const html = page.locator("html");
  const bar = page.getByRole("banner");
  const darkMode = page.getByRole("switch", { name: "Dark mode" });
  // no choice made yet: the system's scheme, followed as it changes
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/admin#/users?filter=${encodeURIComponent(JSON.stringify({ q: h.user.email }))}`);
  await expect(page.getByRole("cell", { name: h.user.email })).toBeVisible({ timeout: 30_000 });
  await expect(html).toHaveAttribute("data-dark", "");
  await expect(darkMode).toHaveAttribute("aria-checked", "true");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).toHaveAttribute("data-light", "");
  await expect(darkMode).toHaveAttribute("aria-checked", "false");
  // Foyer's green bar on the light page
  await expect(bar).toHaveCSS("background-color", "rgb(27, 107, 79)");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(246, 248, 247)");
  await snapBoth(page, "admin-users-light");

  // dark, chosen here: the whole back-office turns, and the choice is the app's own (one stored mode)
  await darkMode.click();
  await expect(html).toHaveAttribute("data-dark", "");
  await expect(darkMode).toHaveAttribute("aria-checked", "true");
  await expect(bar).toHaveCSS("background-color", "rgb(22, 29, 26)");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(15, 21, 19)");
  expect(await page.evaluate(() => ({ mode: localStorage.getItem("mui-mode"), raTheme: localStorage.getItem("RaStore.theme") }))).toEqual({ mode: "dark", raTheme: null });
  await snapBoth(page, "admin-users-dark");
  // a form in dark: its fields, Save and Delete
  await page.goto(`/admin#/users/${h.schedule.user_id}`);
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(h.user.email, { timeout: 30_000 });
  // MUI's dark filled field, not react-admin's light grey one
  await expect(page.locator("input[name=email]").locator("xpath=..")).toHaveCSS("background-color", "rgba(255, 255, 255, 0.09)");
  await snapBoth(page, "admin-user-edit-dark");
  // a schedule's week grid in dark
  await page.goto(`/admin#/schedules/${h.schedule.id}/show`);
  await expect(page.getByRole("heading", { level: 1, name: "Schedule Water heater" })).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, "admin-schedule-show-dark");

  // the app shows the same choice, and light chosen there is the back-office's too
  await page.getByRole("link", { name: "Back to Foyer" }).click();
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(html).toHaveAttribute("data-dark", "");
  // a link's navigation, not page.goto: wait for React, or the click lands on a switch not yet live
  await hydrated(page);
  await page.getByRole("switch", { name: "Dark mode" }).click();
  await expect(html).toHaveAttribute("data-light", "");
  await page.goto("/admin#/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible({ timeout: 30_000 });
  await expect(html).toHaveAttribute("data-light", "");
  await expect(darkMode).toHaveAttribute("aria-checked", "false");
  await expect(bar).toHaveCSS("background-color", "rgb(27, 107, 79)");
  // a chosen light holds against a dark system
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible({ timeout: 30_000 });
  await expect(html).toHaveAttribute("data-light", "");
});

test("every back-office screen has its page heading and no serious accessibility fault, light or dark", async ({ page, baseURL }) => {
  const h = await household(baseURL!);
  const tariffs = (await fetch(`${baseURL}/api/v1/tariffs`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json())) as { id: number }[];
  await openSession(page, E2E.admin.email, E2E.admin.password);
  const screens: [string, string | RegExp][] = [
    ["users", "Users"],
    [`users/${h.schedule.user_id}`, new RegExp(`^User ${h.user.email}`)],
    ["users/create", "Create User"],
    ["devices", "Devices"],
    [`devices/${h.device.id}`, /^Device /],
    ["schedules", "Schedules"],
    [`schedules/${h.schedule.id}/show`, "Schedule Water heater"],
    [`schedules/${h.schedule.id}`, "Schedule Water heater"],
    ["locations", "Locations"],
    ["tariffs", "Tariffs"],
    [`tariffs/${tariffs[0].id}`, /^Tariff /],
    ["tariffs/create", "Create Tariff"],
  ];
  // snap() holds each one to axe-core in both schemes by swapping <html>'s attribute: the back-office's colours follow it
  await page.goto("/admin#/users");
  await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(27, 107, 79)", { timeout: 30_000 });
  await page.evaluate(() => {
    document.documentElement.removeAttribute("data-light");
    document.documentElement.setAttribute("data-dark", "");
  });
  await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(22, 29, 26)");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(15, 21, 19)");
  await page.reload();
  for (const [path, title] of screens) {
    await page.goto(`/admin#/${path}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await snap(page, `admin-screen-${path.replaceAll("/", "-")}-desktop`);
  }
});

test("the admin's own account cannot be demoted or deleted from the back-office", async ({ page, baseURL }) => {
  await openSession(page, E2E.admin.email, E2E.admin.password);
  const me = await fetch(`${baseURL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json());
  await page.goto(`/admin#/users/${me.id}`);
  await expect(page.getByText("This is your own account")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Admin", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("Active")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await logOut(page);
});

test("the back-office's own login refuses a non-admin with 'Forbidden' and lets an admin in", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/admin");
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible({ timeout: 30_000 });
  // logging out of the back-office ends the app session too: its login page shows
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByLabel("Username *")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Foyer admin" })).toBeVisible();
  await page.getByLabel("Username *").fill(user.email);
  await page.getByLabel("Password *").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Forbidden")).toBeVisible();
  await snap(page, "admin-login-forbidden-desktop");
  await page.getByLabel("Username *").fill(E2E.admin.email);
  await page.getByLabel("Password *").fill(E2E.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible();
});

async function adminToken(baseURL: string) {
  const r = await fetch(`${baseURL}/api/token`, { method: "POST", body: new URLSearchParams({ username: E2E.admin.email, password: E2E.admin.password }) });
  return ((await r.json()) as { access_token: string }).access_token;
}
