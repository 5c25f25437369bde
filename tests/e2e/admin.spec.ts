import { expect } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, logIn, logOut, PHONE, snap, test } from "./helpers";

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
  await logIn(page, user.email, user.password);
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
  await snap(page, "admin-users-desktop");
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
  const refused = await fetch(`${baseURL}/api/token`, { method: "POST", body: new URLSearchParams({ username: h.user.email, password: h.user.password }) });
  expect(refused.status).toBe(403);

  // devices: change the type
  await page.goto(`/admin#/devices/${h.device.id}`);
  await expect(page.getByRole("textbox", { name: "Device ID" })).toHaveValue(h.device.device_id);
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "shelly" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Element updated")).toBeVisible();
  const device = await fetch(`${baseURL}/api/v1/device_info/${h.device.id}`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json());
  expect(device.device_type).toBe("shelly");
  expect(device.location_id).toBe(h.device.location_id);

  // schedules: filter by user, show, edit the months
  await page.goto("/admin#/schedules");
  await expect(page.getByRole("cell", { name: "Water heater" })).toBeVisible();
  await page.goto(`/admin#/schedules/${h.schedule.id}`);
  await page.getByRole("checkbox", { name: "1 · January" }).uncheck();
  await page.getByRole("checkbox", { name: "12 · December" }).check();
  await snap(page, "admin-schedule-edit-desktop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Element updated")).toBeVisible();
  const schedule = await fetch(`${baseURL}/api/v1/schedules/${h.schedule.id}`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json());
  expect(schedule.data.months).toEqual([2, 3, 12]);

  // locations of every user, read-only
  await page.goto("/admin#/locations");
  await expect(page.getByRole("cell", { name: "Farmhouse" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
  // on a phone, each list is one line per record, within the screen's width (the back-office
  // opened on the phone, as a phone user would: its menu then starts closed)
  await page.setViewportSize(PHONE);
  await page.reload();
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

test("the admin's own account cannot be demoted or deleted from the back-office", async ({ page, baseURL }) => {
  await logIn(page, E2E.admin.email, E2E.admin.password);
  const me = await fetch(`${baseURL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${await adminToken(baseURL!)}` } }).then((r) => r.json());
  await page.goto(`/admin#/users/${me.id}`);
  await expect(page.getByText("This is your own account")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Admin")).toBeDisabled();
  await expect(page.getByLabel("Active")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await logOut(page);
});

test("the back-office's own login refuses a non-admin with 'Forbidden' and lets an admin in", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/admin");
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible({ timeout: 30_000 });
  // logging out of the back-office ends the app session too: its login page shows
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByLabel("Username *")).toBeVisible();
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
