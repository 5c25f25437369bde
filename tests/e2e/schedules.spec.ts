import { expect, type Locator, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, PHONE, snap, snapBoth, test, DESKTOP, openSession } from "./helpers";

let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${seq++}`;

type Data = { der_name: string; average_power: number; months: number[]; days: number[]; hours: number[] };

/** A JSON POST to the API as `token`'s user (the set-up of a test). */
async function apiPost<T>(baseURL: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A schedule made through the API, for tests that are not about creating one. */
async function apiSchedule(baseURL: string, token: string, data: Data): Promise<{ id: number }> {
  const res = await fetch(`${baseURL}/api/v1/schedules/manual_weekahead`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  if (res.status !== 201) throw new Error(`schedule not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

async function apiToken(baseURL: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.250.${seq++ % 250}.1` },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`token refused: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const group = (scope: Locator, name: string) => scope.getByRole("group", { name, exact: true });
const toggleIn = (scope: Locator, set: "Months" | "Days" | "Hours", name: string) => group(scope, set).getByRole("button", { name, exact: true });
const schedule = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** A full-page snapshot from the top (a page scrolled down would draw the sticky top bar mid-page). */
async function snapFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

async function fitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("plan a schedule: create, toggle, split, overlap refused then fixed, save, edit, un-split, delete", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  // a device of the household, with a named channel: both are offered as the resource's name
  const deviceId = `battery-${Date.now().toString(36)}`;
  const device = await apiPost<{ id: number }>(baseURL!, user.token, "/api/v1/device_info", { device_id: deviceId, device_type: "dcbel", phase_m: "single" });
  await apiPost(baseURL!, user.token, "/api/v1/device_measurement_metadata", { device_id: device.id, name: "bat", display_name: "Garage battery", measure_type: "other" });
  await openSession(page, user.email, user.password);
  await page.goto("/schedules");
  await expect(page.getByText("No schedules found. Please create one.")).toBeVisible();
  await snap(page, "schedules-empty-desktop");

  // New: the defaults, and Save disabled until something changes
  const newButton = page.getByRole("button", { name: "New", exact: true });
  await newButton.click();
  const form = page.getByRole("form", { name: "New schedule" });
  const main = group(form, "Main schedule");
  const save = form.getByRole("button", { name: "Save" });
  await expect(form.getByLabel("Name")).toHaveValue("new schedule");
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(main.getByLabel("Average power (W)")).toHaveValue("0");
  for (const m of ["January", "August", "December"]) await expect(toggleIn(main, "Months", m)).toHaveAttribute("aria-pressed", "true");
  for (const d of ["Monday", "Sunday"]) await expect(toggleIn(main, "Days", d)).toHaveAttribute("aria-pressed", "true");
  await expect(toggleIn(main, "Hours", "00:00")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleIn(main, "Hours", "12:00")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleIn(main, "Hours", "13:00")).toHaveAttribute("aria-pressed", "false");
  await expect(save).toBeDisabled();
  await expect(newButton).toBeDisabled();
  // at 0 W the first thing to do is said
  await expect(form.getByText("Set an average power from 1 to 10000 W, then save.")).toBeVisible();
  // the household's devices and channels are offered as the name (the browser's own list), any other name too
  const nameField = form.getByLabel("Name");
  await expect(form.getByText("The energy resource this schedule drives: one of your devices, or any name")).toBeVisible();
  const listId = await nameField.getAttribute("list");
  expect(listId).toBeTruthy();
  await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveCount(2);
  expect(await page.locator(`datalist[id="${listId}"] option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([deviceId, "Garage battery"]);
  await snapBoth(page, "schedules-new");

  // power 0 is refused with the field's message, on the field
  const name = unique("Water heater");
  await form.getByLabel("Name").fill(name);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(main.getByText("Average power must be from 1 to 10000 W")).toBeVisible();
  await expect(main.getByLabel("Average power (W)")).toBeFocused();
  await main.getByLabel("Average power (W)").fill("1500");
  await expect(main.getByText("Average power must be from 1 to 10000 W")).toBeHidden();

  // a click adds what is absent and removes what is present; Space and Enter do the same
  await toggleIn(main, "Hours", "13:00").click();
  await expect(toggleIn(main, "Hours", "13:00")).toHaveAttribute("aria-pressed", "true");
  await toggleIn(main, "Hours", "00:00").click();
  await expect(toggleIn(main, "Hours", "00:00")).toHaveAttribute("aria-pressed", "false");
  const sunday = toggleIn(main, "Days", "Sunday");
  await toggleIn(main, "Days", "Saturday").focus();
  await page.keyboard.press("Tab");
  await expect(sunday).toBeFocused();
  await page.keyboard.press("Space");
  await expect(sunday).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  await expect(sunday).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Space");
  await expect(sunday).toHaveAttribute("aria-pressed", "false");
  await expect(group(main, "Days")).toContainText("Monday–Saturday");
  await expect(group(main, "Hours")).toContainText("01:00–14:00");

  // split: two copies, the second at power + 1; the main schedule and the split button are disabled
  await form.getByRole("button", { name: "Split schedule" }).click();
  const part1 = group(form, "Part 1");
  const part2 = group(form, "Part 2");
  await expect(part1.getByLabel("Average power (W)")).toHaveValue("1500");
  await expect(part2.getByLabel("Average power (W)")).toHaveValue("1501");
  await expect(toggleIn(part2, "Hours", "13:00")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleIn(part2, "Days", "Sunday")).toHaveAttribute("aria-pressed", "false");
  await expect(main.getByLabel("Average power (W)")).toBeDisabled();
  await expect(toggleIn(main, "Months", "March")).toBeDisabled();
  await expect(form.getByRole("button", { name: "Split schedule" })).toBeDisabled();
  // right after the split, the shared months are guidance (what to do next), not yet an error
  const guidance = form.getByRole("status").filter({ hasText: "Give each part its own months" });
  const overlap = form.getByRole("alert").filter({ hasText: "Schedules not compatible!" });
  await expect(guidance).toContainText("Overlapping months: January, February, March");
  await expect(overlap).toHaveCount(0);
  // the save refused at 0 W before the split is not held against the parts
  await expect(form.getByText(/^Not saved/)).toBeHidden();
  await expect(part2.getByText("a split part starts at the schedule's power plus 1 W")).toBeVisible();
  await snapBoth(page, "schedules-split-guidance");

  // the parts share March and November: refused on save, with the specification's message
  for (const m of ["July", "August", "September", "October", "December"]) await toggleIn(part1, "Months", m).click();
  for (const m of ["January", "February", "April", "May", "June"]) await toggleIn(part2, "Months", m).click();
  await expect(guidance).toContainText("Overlapping months: March, November");
  await save.click();
  await expect(form.getByText("Not saved: the parts must not share a month.")).toBeVisible();
  await expect(overlap).toContainText("Months are not allowed to overlap between schedules");
  await expect(overlap).toContainText("Overlapping months: March, November");
  await expect(guidance).toHaveCount(0);
  await expect(overlap).toBeFocused();
  await snapBoth(page, "schedules-overlap");

  // fixed: Part 1 from January to June, Part 2 from July to December
  await toggleIn(part1, "Months", "November").click();
  await toggleIn(part2, "Months", "March").click();
  await expect(overlap).toBeHidden();
  await part2.getByLabel("Average power (W)").fill("2000");
  const preview = form.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("img", { name: "Part 1: January–June, Monday–Saturday, 01:00–14:00, at 1,500 W" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "Part 2: July–December, Monday–Saturday, 01:00–14:00, at 2,000 W" })).toBeVisible();
  await snapFromTop(page, "schedules-editor-desktop");
  await page.setViewportSize(PHONE);
  await fitsThePhone(page);
  await snapFromTop(page, "schedules-editor-phone");
  await page.setViewportSize(DESKTOP);

  await save.click();
  await expect(page.getByText(`${name} has been created`)).toBeVisible();
  await expect(form).toBeHidden();
  const item = schedule(page, name);
  await expect(item.getByText("Split in 2 parts")).toBeVisible();
  await expect(item.getByRole("img", { name: "Part 1: January–June, Monday–Saturday, 01:00–14:00, at 1,500 W" })).toBeVisible();
  await expect(item.getByRole("img", { name: "Part 2: July–December, Monday–Saturday, 01:00–14:00, at 2,000 W" })).toBeVisible();
  await expect(item.getByRole("button", { name: `Edit ${name}`, exact: true })).toBeFocused();
  await page.reload();
  await expect(item.getByRole("img", { name: /^Part 2: July–December/ })).toBeVisible();
  await expect(page.getByText("No schedules found. Please create one.")).toBeHidden();
  await snap(page, "schedules-list-desktop");
  await page.setViewportSize(PHONE);
  await fitsThePhone(page);
  // on a phone the week turns (hours down, days across): cells wide enough to read
  const cellWidth = await item.locator(".wg-cell").first().evaluate((e) => e.getBoundingClientRect().width);
  expect(cellWidth).toBeGreaterThanOrEqual(20);
  await snap(page, "schedules-list-phone");
  await page.setViewportSize(DESKTOP);

  // edit: Save only once something changed (and not once it is changed back)
  await item.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  const edit = page.getByRole("form", { name: `Edit ${name}` });
  const editPart2 = group(edit, "Part 2");
  await expect(edit.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(newButton).toBeDisabled();
  await toggleIn(editPart2, "Days", "Sunday").click();
  await expect(edit.getByRole("button", { name: "Save" })).toBeEnabled();
  await toggleIn(editPart2, "Days", "Sunday").click();
  await expect(edit.getByRole("button", { name: "Save" })).toBeDisabled();
  await toggleIn(editPart2, "Days", "Sunday").click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${name} has been updated`)).toBeVisible();
  await expect(item.getByRole("img", { name: "Part 2: July–December, Every day, 01:00–14:00, at 2,000 W" })).toBeVisible();

  // un-split: back to the main schedule, renamed
  await item.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  await edit.getByRole("button", { name: "Remove split" }).click();
  await expect(group(edit, "Part 1")).toHaveCount(0);
  await expect(group(edit, "Main schedule").getByLabel("Average power (W)")).toBeEnabled();
  await expect(edit.getByRole("button", { name: "Split schedule" })).toBeEnabled();
  const renamed = `${name} boiler`;
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${renamed} has been updated`)).toBeVisible();
  const renamedItem = schedule(page, renamed);
  await expect(renamedItem.getByRole("img", { name: "All year, Monday–Saturday, 01:00–14:00, at 1,500 W" })).toBeVisible();
  await expect(renamedItem.getByText("Split in 2 parts")).toHaveCount(0);

  // delete asks first
  await renamedItem.getByRole("button", { name: `Delete ${renamed}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${renamed}?` });
  await expect(dialog).toBeVisible();
  await snap(page, "schedules-delete-desktop");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(renamedItem).toBeVisible();
  await renamedItem.getByRole("button", { name: `Delete ${renamed}`, exact: true }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`${renamed} has been deleted`)).toBeVisible();
  await expect(renamedItem).toBeHidden();
  await expect(page.getByText("No schedules found. Please create one.")).toBeVisible();
});

test("a save the server refuses shows a red toast with its detail and keeps the changes", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  const { id } = await apiSchedule(baseURL!, user.token, { der_name: "Pool pump", average_power: 750, months: [5, 6, 7, 8], days: [5, 6], hours: [12, 13, 14] });
  await openSession(page, user.email, user.password);
  await page.goto("/schedules");
  const item = schedule(page, "Pool pump");
  await expect(item.getByRole("img", { name: "May–August, Saturday, Sunday, 12:00–15:00, at 750 W" })).toBeVisible();
  await item.getByRole("button", { name: "Edit Pool pump", exact: true }).click();
  const form = page.getByRole("form", { name: "Edit Pool pump" });
  await form.getByLabel("Average power (W)").fill("800");

  // meanwhile it is deleted elsewhere
  const res = await fetch(`${baseURL}/api/v1/schedules/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(204);

  await form.getByRole("button", { name: "Save" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "There was an error on update" });
  await expect(toast).toContainText("Schedule not found");
  await expect(form.getByLabel("Average power (W)")).toHaveValue("800");
  await expect(form.getByRole("button", { name: "Save" })).toBeEnabled();
  await snapFromTop(page, "schedules-save-error-desktop");
});

test("the list comes with the page; a refresh that fails says so and tries again", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await apiSchedule(baseURL!, user.token, { der_name: "Car charger", average_power: 3000, months: [1, 2, 3, 10, 11, 12], days: [0, 1, 2, 3, 4], hours: [1, 2, 3, 4, 5] });
  await openSession(page, user.email, user.password);

  // the browser's own reads of the list are held, then fail: the page has its list anyway (the
  // server rendered it), with no loading state
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let reads = 0;
  await page.route("**/api/v1/schedules", async (route) => {
    reads++;
    await held;
    await route.fulfill({ status: 500, json: { detail: "Internal server error" } });
  });
  await page.goto("/schedules");
  const charger = schedule(page, "Car charger");
  await expect(charger.getByRole("img", { name: "October–March, Monday–Friday, 01:00–06:00, at 3,000 W" })).toBeVisible();
  await expect(page.getByText("Loading schedules…")).toHaveCount(0);
  expect(reads).toBe(0);

  // deleting it refreshes the list, which fails: said above the list, with a way to try again
  await charger.getByRole("button", { name: "Delete Car charger", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete Car charger?" }).getByRole("button", { name: "Delete" }).click();
  release();
  const failure = page.getByRole("alert").filter({ hasText: "Failed to get schedules" });
  await expect(failure).toContainText("Internal server error");
  expect(reads).toBeGreaterThan(0);
  await snap(page, "schedules-error-desktop");

  await page.unroute("**/api/v1/schedules");
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("No schedules found. Please create one.")).toBeVisible();
  await expect(failure).toBeHidden();
});

test("an admin sees every user's schedules, with the red 'don't edit' badge on other users' ones", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  const theirs = unique("Heat pump");
  await apiSchedule(baseURL!, user.token, { der_name: theirs, average_power: 1200, months: [1, 2, 12], days: [0, 1, 2, 3, 4, 5, 6], hours: [6, 7, 8, 18, 19, 20] });
  const mine = unique("Admin battery");
  await apiSchedule(baseURL!, await apiToken(baseURL!, E2E.admin.email, E2E.admin.password), { der_name: mine, average_power: 500, months: [6], days: [5], hours: [9] });

  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/schedules");
  await expect(page.getByText("You are logged in as an admin")).toBeVisible();
  const other = schedule(page, theirs);
  await expect(other.getByText("don't edit", { exact: true })).toBeVisible();
  await expect(other.getByText(`Belongs to ${user.email}`)).toBeVisible();
  const own = schedule(page, mine);
  await expect(own).toBeVisible();
  await expect(own.getByText("don't edit", { exact: true })).toHaveCount(0);
  await other.scrollIntoViewIfNeeded();
  await snap(page, "schedules-admin-desktop");
  await page.setViewportSize(PHONE);
  await fitsThePhone(page);
  await snapFromTop(page, "schedules-admin-phone");
  await page.setViewportSize(DESKTOP);

  await other.getByRole("button", { name: `Edit ${theirs}`, exact: true }).click();
  await expect(page.getByRole("form", { name: `Edit ${theirs}` }).getByText(`This schedule belongs to ${user.email}`)).toBeVisible();
  await page.getByRole("form", { name: `Edit ${theirs}` }).getByRole("button", { name: "Cancel" }).click();
  await expect(other.getByRole("button", { name: `Edit ${theirs}`, exact: true })).toBeFocused();
});
