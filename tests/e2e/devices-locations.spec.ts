import { expect, type Locator, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, test, snapBoth, openSession } from "./helpers";


/** Picks the option labelled `option` in the select labelled `label` (inside `scope`, a channel for instance), as the keyboard or a click would. */
async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  const select = scope.getByRole("combobox", { name: label, exact: true });
  await select.selectOption({ label: option });
  await expect(select.locator("option:checked")).toHaveText(option);
}

/** A JSON call to the API as `token`'s user (the set-up of a test). */
async function api<T = unknown>(baseURL: string, token: string, method: "POST", path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const apiLocation = (baseURL: string, token: string, body: { name: string; country: string; lat: number; lon: number }) =>
  api<{ id: number; owner_id: number }>(baseURL, token, "POST", "/api/v1/locations", body);

test("a household adds a location, a single-phase shelly with three measurements, and sees them on its locations", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await openSession(page, user.email, user.password);
  const deviceId = `shellyem-${Date.now().toString(36).toUpperCase()}`;

  // the list comes with the page: the browser does not read it again (its reads would fail here)
  let reads = 0;
  await page.route("**/api/v1/device_info/", (route) => {
    reads++;
    return route.fulfill({ status: 500, json: { detail: "Internal server error" } });
  });
  await page.goto("/device-info");
  await expect(page.getByText("No devices yet")).toBeVisible();
  await expect(page.getByText("We could not load your devices")).toHaveCount(0);
  expect(reads).toBe(0);
  await page.unroute("**/api/v1/device_info/");

  // the empty states invite to add
  await expect(page.getByText("No devices yet")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await snapBoth(page, "devices-empty");
  await page.goto("/locations/");
  await expect(page.getByRole("heading", { name: "My Locations" })).toBeVisible();
  await expect(page.getByText("No locations yet")).toBeVisible();
  await expect(page.getByText(/logged in as an admin/)).toHaveCount(0);

  // Add Location: the specification's messages, at most 8 decimals, 0 by default
  await page.getByRole("link", { name: "Add location", exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/new$/);
  await expect(page.getByLabel("Latitude")).toHaveValue("0");
  await expect(page.getByLabel("Longitude")).toHaveValue("0");
  await page.getByLabel("Latitude").fill("");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page.getByText("Location name is required")).toBeVisible();
  await expect(page.getByText("Latitude is required")).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();
  await page.getByLabel("Name").fill("Maison");
  await choose(page, "Country", "France (FR)");
  await page.getByLabel("Latitude").fill("45.123456789");
  await page.getByLabel("Longitude").fill("");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page.getByText("Latitude allows at most 8 decimals")).toBeVisible();
  await expect(page.getByText("Longitude is required")).toBeVisible();
  // the defaults, 0, 0, are not saved: the Gulf of Guinea is nobody's home (the API still takes them)
  await page.getByLabel("Latitude").fill("0");
  await page.getByLabel("Longitude").fill("0");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page.getByText("0, 0 is in the Gulf of Guinea: enter this location's coordinates or use your location")).toBeVisible();
  await expect(page.getByLabel("Latitude")).toBeFocused();
  await snapBoth(page, "location-form-null-island");
  // nor a point outside the chosen country (Grenoble, in Germany)
  await choose(page, "Country", "Germany (DE)");
  await page.getByLabel("Latitude").fill("45,12345678");
  await page.getByLabel("Longitude").fill("5,7");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page.getByText("These coordinates are not in Germany: check them or the country")).toBeVisible();
  await snapBoth(page, "location-form-outside-country");
  // a decimal comma, as French keyboards type it, is a decimal point
  await choose(page, "Country", "France (FR)");
  await expect(page.getByLabel("Latitude")).toHaveValue("45,12345678");
  await expect(page.getByLabel("Longitude")).toHaveValue("5,7");
  await snapBoth(page, "location-form");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page).toHaveURL(/\/locations\/$/);
  const maison = page.getByRole("region", { name: "Maison" });
  await expect(maison.getByText("France · 45.12345678, 5.7")).toBeVisible();
  await expect(maison.getByText("0 devices")).toBeVisible();
  await expect(maison.getByText("There are no devices assigned to this location yet.")).toBeVisible();

  // New Device: the Variant B form
  await page.goto("/device-info");
  await page.getByRole("link", { name: "New Device" }).click();
  await expect(page).toHaveURL(/\/device-info\/new$/);
  await expect(page.getByRole("combobox", { name: "Owner" }).locator("option:checked")).toContainText(`${user.email} (you)`);
  await page.getByRole("button", { name: "Create device" }).click();
  await expect(page.getByText("Device ID is required")).toBeVisible();
  await page.getByLabel("Device ID").fill(deviceId);
  await choose(page, "Device Type", "Shelly");
  await expect(page.getByText("A Shelly energy meter (its channels are named em0, em1…): up to 3 channels when single-phase.")).toBeVisible();
  await choose(page, "Phase", "Single phase");
  // the owner's only location is offered first
  await expect(page.getByRole("combobox", { name: "Location" }).locator("option:checked")).toHaveText("Maison (France)");
  await snapBoth(page, "device-new");
  await page.getByRole("button", { name: "Create device" }).click();
  await expect(page).toHaveURL(/\/device-info\/\d+$/);
  const devicePath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: deviceId })).toBeVisible();
  const details = page.getByRole("region", { name: "Device details" });
  await expect(details.getByText("Single phase")).toBeVisible();
  await expect(details.getByText("Maison")).toBeVisible();
  await expect(page.getByText("No measurements yet")).toBeVisible();

  // three measurements, the first with the specification's defaults to replace
  const measures = [
    { name: "emeter_0", display: "Grid", type: "Total home" },
    { name: "emeter_1", display: "Solar panels", type: "PV" },
    { name: "emeter_2", display: "Heat pump", type: "Other" },
  ];
  for (const [i, m] of measures.entries()) {
    await page.getByRole("button", { name: "New Measure" }).click();
    const dialog = page.getByRole("dialog", { name: "New Measure" });
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("shellyupdatename");
    await expect(dialog.getByLabel("Display name")).toHaveValue("insert name");
    if (i === 0) await snapBoth(page, "measure-new");
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(m.name);
    await dialog.getByLabel("Display name").fill(m.display);
    await choose(page, "Measure type", m.type, dialog);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row", { name: new RegExp(`${m.name} ${m.display} ${m.type}`) })).toBeVisible();
  }
  // the fourth is refused in the UI, with the reason
  await expect(page.getByRole("button", { name: "New Measure" })).toBeDisabled();
  await expect(page.getByText(/already has its maximum of 3 measurements/)).toBeVisible();

  // Update Measure: the name is not shown, the rest changes
  await page.getByRole("button", { name: "Edit Heat pump" }).click();
  const update = page.getByRole("dialog", { name: "Update Measure" });
  await expect(update.getByLabel("Display name")).toHaveValue("Heat pump");
  await expect(update.getByRole("textbox", { name: "Name", exact: true })).toHaveCount(0);
  await update.getByLabel("Display name").fill("Heat pump (garage)");
  await choose(page, "Measure type", "Unused (CT clamp not connected)", update);
  await update.getByRole("button", { name: "Save" }).click();
  await expect(update).toBeHidden();
  await expect(page.getByRole("row", { name: /emeter_2 Heat pump \(garage\) Unused/ })).toBeVisible();
  await snapBoth(page, "device-page");

  // the list, then the locations with the device and its measurements
  await page.goto("/device-info");
  const row = page.getByRole("row", { name: new RegExp(deviceId) });
  // the type and the owner in words
  await expect(row.getByRole("cell", { name: "Shelly", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "You", exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: `Edit Device ${deviceId}` })).toBeVisible();
  await snapBoth(page, "devices-list");
  await page.goto("/locations/");
  await expect(maison.getByText("1 device", { exact: true })).toBeVisible();
  const card = maison.getByRole("article", { name: `Device ${deviceId}` });
  await expect(card.getByText("Shelly · Single phase")).toBeVisible();
  await expect(card.getByText("Grid · Total home (emeter_0)")).toBeVisible();
  await expect(card.getByText("Solar panels · PV (emeter_1)")).toBeVisible();
  await expect(card.getByText("Heat pump (garage) · Unused (CT clamp not connected) (emeter_2)")).toBeVisible();
  await snapBoth(page, "locations");
  await card.getByRole("link", { name: `View ${deviceId}` }).click();
  await expect(page).toHaveURL(new RegExp(`${devicePath}$`));
});

test("device pages: a refused create, confirmed deletes, edits that come back where they started", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  const location = await apiLocation(baseURL!, user.token, { name: "Studio", country: "IE", lat: 53.3498, lon: -6.2603 });
  const deviceId = `spoony-${Date.now().toString(36).toUpperCase()}`;
  const device = await api<{ id: number }>(baseURL!, user.token, "POST", "/api/v1/device_info", { device_id: deviceId, device_type: "spoony", phase_m: "single", location_id: location.id });
  for (const [name, display_name] of [["ct1", "Kitchen"], ["ct2", "Boiler"]]) {
    await api(baseURL!, user.token, "POST", "/api/v1/device_measurement_metadata", { device_id: device.id, name, display_name, measure_type: "other" });
  }
  await openSession(page, user.email, user.password);

  // the same device id again: the error toast and the server's reason
  await page.goto("/device-info/new");
  await page.getByLabel("Device ID").fill(deviceId);
  await page.getByRole("button", { name: "Create device" }).click();
  await expect(page.getByText("Unable to create device")).toBeVisible();
  await expect(page.getByText("This is an error.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "A device with this Device ID already exists" })).toBeVisible();
  await snapBoth(page, "device-refused");

  // deleting a measurement asks first
  await page.goto(`/device-info/${device.id}`);
  await expect(page.getByText("2 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Delete Boiler" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this measurement?" });
  await expect(confirm).toContainText("Boiler (ct2)");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row", { name: /ct2/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete Boiler" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: /ct2/ })).toHaveCount(0);
  await expect(page.getByText("1 of 3")).toBeVisible();

  // Edit Device comes back to the device page, prefilled and saved
  await page.getByRole("link", { name: "Edit Device" }).click();
  await expect(page).toHaveURL(new RegExp(`/device-info/${device.id}/edit$`));
  await expect(page.getByLabel("Device ID")).toHaveValue(deviceId);
  await expect(page.getByRole("combobox", { name: "Location" }).locator("option:checked")).toHaveText("Studio (Ireland)");
  await page.getByLabel("Device ID").fill(`${deviceId}-B`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/device-info/${device.id}$`));
  await expect(page.getByRole("heading", { name: `${deviceId}-B` })).toBeVisible();

  // Edit Location goes back to the locations
  await page.goto("/locations/");
  await page.getByRole("link", { name: "Edit Studio" }).click();
  await expect(page.getByLabel("Longitude")).toHaveValue("-6.2603");
  await page.getByLabel("Name").fill("Studio Dublin");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/locations\/$/);
  await expect(page.getByRole("region", { name: "Studio Dublin" }).getByRole("article", { name: `Device ${deviceId}-B` })).toBeVisible();

  // deleting the device asks first and goes back to the (now empty) list
  await page.goto(`/device-info/${device.id}`);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete this device?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/device-info$/);
  await expect(page.getByText("No devices yet")).toBeVisible();

  // and a location, the same way
  await page.goto("/locations/");
  await page.getByRole("button", { name: "Delete Studio Dublin" }).click();
  await page.getByRole("dialog", { name: "Delete this location?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No locations yet")).toBeVisible();
});

test("My Devices: the Variant A form creates a device with two channels", async ({ page, baseURL }) => {
  await page.goto("/user-devices/new");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fuser-devices%2Fnew/);

  const user = await apiUser(baseURL!);
  await apiLocation(baseURL!, user.token, { name: "Atelier", country: "DE", lat: 48.137154, lon: 11.576124 });
  await openSession(page, user.email, user.password);
  await page.goto("/user-devices");
  await expect(page.getByText("No devices yet")).toBeVisible();
  await snapBoth(page, "user-devices-empty");
  await page.getByRole("link", { name: "New Device" }).click();
  await expect(page).toHaveURL(/\/user-devices\/new$/);

  // the specification's messages, all at once (the user's only location is chosen already)
  await expect(page.getByRole("combobox", { name: "Location" }).locator("option:checked")).toHaveText("Atelier (Germany)");
  await expect(page.getByText("Your only location.")).toBeVisible();
  await page.getByRole("button", { name: "Create device" }).click();
  for (const message of ["Device ID is required fill", "device_type required", "Source required"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Device ID")).toBeFocused();
  // a vendor's API needs an integration, and this user has none
  await expect(page.getByText("No integration linked yet")).toBeVisible();
  await choose(page, "Source", "Legrand API");
  await page.getByRole("button", { name: "Create device" }).click();
  await expect(page.getByText("Integration is required fill")).toBeVisible();

  await page.getByLabel("Device ID").fill("garage monitor");
  await choose(page, "Device type", "Shelly");
  await choose(page, "Phase", "Single phase");
  await choose(page, "Source", "MQTT");
  // the MQTT host is under Advanced, closed at first
  const reporting = page.getByRole("group", { name: "Where it is and how it reports" });
  await expect(reporting.getByLabel("MQTT host")).toBeHidden();
  await reporting.getByRole("button", { name: "Advanced" }).click();
  await reporting.getByLabel("MQTT host").fill("mqtt.example.org");

  await page.getByRole("button", { name: "Add channel" }).click();
  await page.getByRole("button", { name: "Create device" }).click();
  await expect(page.getByText("Channel name required")).toBeVisible();
  await expect(page.getByText("Channel classification required")).toBeVisible();
  // a channel's message is under its own field, which takes the focus
  await expect(page.getByRole("group", { name: "Channel 1" }).getByLabel("Channel name")).toBeFocused();

  const first = page.getByRole("group", { name: "Channel 1" });
  await first.getByLabel("Channel name").fill("main");
  await choose(page, "Classification", "Consumption", first);
  await first.getByLabel("Unit 1", { exact: true }).fill("W");
  await first.getByRole("button", { name: "Advanced" }).click();
  await first.getByLabel("Database measurement prefix (W)").fill("power");

  await page.getByRole("button", { name: "Add channel" }).click();
  const second = page.getByRole("group", { name: "Channel 2" });
  await second.getByLabel("Channel name").fill("battery");
  await choose(page, "Classification", "Production", second);
  await second.getByLabel("Programmable").check();
  await second.getByLabel("Unit 1", { exact: true }).fill("Wh");
  await second.getByRole("button", { name: "Advanced" }).click();
  await choose(page, "Smart appliance category", "Residential energy storage system", second);
  await expect(page.getByText("Channels (2 of 3)")).toBeVisible();
  await snapBoth(page, "user-device-form");

  await page.getByRole("button", { name: "Create device" }).click();
  await expect(page.getByText("Device created")).toBeVisible();
  await expect(page.getByText("You created a new device.")).toBeVisible();
  await expect(page).toHaveURL(/\/user-devices$/);
  const card = page.getByRole("article", { name: "garage monitor" });
  await expect(card.getByText("Atelier")).toBeVisible();
  await expect(card.getByText("mqtt.example.org")).toBeVisible();
  await expect(card.getByText("Channels (2)")).toBeVisible();
  await expect(card.getByText("battery")).toBeVisible();
  await snapBoth(page, "user-devices");

  // what was stored: empty fields left out, the unit row without a prefix kept
  const res = await fetch(`${baseURL}/api/v1/user_devices`, { headers: { authorization: `Bearer ${user.token}` } });
  const [stored] = (await res.json()) as { integration_id: number | null; data: { channels: { name: string; prefix: string | null; metadata: Record<string, unknown> }[] } }[];
  expect(stored.integration_id).toBeNull();
  expect(stored.data.channels.map((c) => c.name)).toEqual(["main", "battery"]);
  expect(stored.data.channels[1].metadata).toEqual({ "is.programmable": true, smartApplianceCategory: "residential_energy_storage_system", measurements: [{ unit: "Wh", databaseMeasurementPrefix: null }] });
  expect(stored.data.channels[0].metadata["is.programmable"]).toBe(false);

  // Edit Device: prefilled; a channel removed
  await card.getByRole("link", { name: "Edit Device garage monitor" }).click();
  await expect(page.getByLabel("Device ID")).toHaveValue("garage monitor");
  await expect(page.getByRole("group", { name: "Channel 2" }).getByLabel("Channel name")).toHaveValue("battery");
  await page.getByRole("button", { name: "Remove channel 2" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/user-devices$/);
  await expect(card.getByText("Channels (1)")).toBeVisible();
  await expect(card.getByText("battery")).toHaveCount(0);

  // Delete device, from the form, after a confirmation
  await card.getByRole("link", { name: "Edit Device garage monitor" }).click();
  await page.getByRole("button", { name: "Delete device" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this device?" });
  await expect(confirm.getByText("garage monitor and its channels will be deleted. This cannot be undone.")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Device deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/user-devices$/);
  await expect(page.getByText("No devices yet")).toBeVisible();
});

test("My Devices: a new device whose display names fail to save is not left to be created twice", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await apiLocation(baseURL!, user.token, { name: "Cellier", country: "FR", lat: 45.18756, lon: 5.73578 });
  await openSession(page, user.email, user.password);
  // the device is created; the display name's save then fails (the database busy)
  await page.route("**/api/v1/device_measurement_metadata/*", (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ detail: "The service is busy, please try again." }) }) : route.continue(),
  );
  await page.goto("/user-devices/new");
  await page.getByLabel("Device ID").fill("cellar meter");
  await choose(page, "Device type", "Shelly");
  await choose(page, "Source", "MQTT");
  await page.getByRole("button", { name: "Add channel" }).click();
  const channel = page.getByRole("group", { name: "Channel 1" });
  await channel.getByLabel("Channel name").fill("em0");
  await channel.getByLabel("Display name").fill("Freezer");
  await choose(page, "Classification", "Consumption", channel);
  await page.getByRole("button", { name: "Create device" }).click();

  // said plainly, and the device's edit form takes over: no second create from this form
  await expect(page.getByText("Device saved, display names not")).toBeVisible();
  await expect(page.getByText("The service is busy, please try again. Give them again here.")).toBeVisible();
  await expect(page).toHaveURL(/\/user-devices\/\d+\/edit$/);
  await expect(page.getByLabel("Device ID")).toHaveValue("cellar meter");
  const res = await fetch(`${baseURL}/api/v1/user_devices`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await res.json()) as unknown[]).length).toBe(1);

  // the service back: the name saves from the edit form
  await page.unrouteAll();
  await page.getByRole("group", { name: "Channel 1" }).getByLabel("Display name").fill("Freezer");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/user-devices$/);
  await expect(page.getByRole("article", { name: "cellar meter" }).getByText("Freezer")).toBeVisible();
});

test("Devices and My Devices are one experience: each opens and saves unchanged what the other made, with the same names", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  const location = await apiLocation(baseURL!, user.token, { name: "Maison", country: "FR", lat: 45.19, lon: 5.72 });
  const deviceId = `shellyem-${Date.now().toString(36).toUpperCase()}`;
  // made as the device pages make it: no source, measurements with display names and no classification
  const device = await api<{ id: number }>(baseURL!, user.token, "POST", "/api/v1/device_info", { device_id: deviceId, device_type: "shelly", phase_m: "single", location_id: location.id });
  for (const [name, display_name] of [["em0", "Whole home"], ["em1", "Solar panels"], ["em2", null]]) {
    await api(baseURL!, user.token, "POST", "/api/v1/device_measurement_metadata", { device_id: device.id, name, display_name, measure_type: "other" });
  }
  await openSession(page, user.email, user.password);

  // My Devices shows the display names beside the channels' names, the type and source in words
  await page.goto("/user-devices");
  const card = page.getByRole("article", { name: deviceId });
  await expect(card.getByText("Shelly", { exact: true })).toBeVisible();
  await expect(card.getByText("Whole home")).toBeVisible();
  await expect(card.getByText("Solar panels")).toBeVisible();
  await expect(card.getByText("em2", { exact: true })).toBeVisible();
  await snapBoth(page, "user-devices-from-device-pages");

  // its form: the unknown codes in place of what the device pages do not ask, the technical fields folded
  await page.goto("/user-devices");
  await card.getByRole("link", { name: `Edit Device ${deviceId}` }).click();
  await expect(page.getByRole("combobox", { name: "Source" }).locator("option:checked")).toHaveText("Unknown");
  const channel = (n: number) => page.getByRole("group", { name: `Channel ${n}`, exact: true });
  for (const [n, name, display] of [[1, "em0", "Whole home"], [2, "em1", "Solar panels"], [3, "em2", ""]] as const) {
    await expect(channel(n).getByLabel("Channel name")).toHaveValue(name);
    await expect(channel(n).getByLabel("Display name")).toHaveValue(display);
    await expect(channel(n).getByRole("combobox", { name: "Classification" }).locator("option:checked")).toHaveText("Unknown");
    await expect(channel(n).getByRole("button", { name: "Advanced" })).toHaveAttribute("aria-expanded", "false");
    await expect(channel(n).getByLabel("Prefix", { exact: true })).toBeHidden();
  }
  await snapBoth(page, "user-device-form-from-device-pages");

  // saved unchanged: accepted (no 'Source required', no 'Channel classification required')
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Device updated")).toBeVisible();
  await expect(page).toHaveURL(/\/user-devices$/);
  await page.goto(`/device-info/${device.id}`);
  await expect(page.getByRole("row", { name: /em0 Whole home Other/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /em1 Solar panels Other/ })).toBeVisible();

  // a display name given in My Devices shows on the device page; an error under Advanced opens it, with the focus
  await page.getByRole("link", { name: "Channels and reporting" }).click();
  await expect(page).toHaveURL(new RegExp(`/user-devices/${device.id}/edit$`));
  await channel(3).getByLabel("Display name").fill("Heat pump");
  const advanced = channel(2).getByRole("button", { name: "Advanced" });
  // a button: the keyboard opens it
  await advanced.focus();
  await page.keyboard.press("Enter");
  await expect(advanced).toHaveAttribute("aria-expanded", "true");
  await channel(2).getByLabel("Prefix", { exact: true }).fill("p".repeat(101));
  // back to it with the keyboard, and closed again
  await page.keyboard.press("Shift+Tab");
  await expect(advanced).toBeFocused();
  await page.keyboard.press("Space");
  await expect(advanced).toHaveAttribute("aria-expanded", "false");
  // the focus comes once the part is fully open: given as it began to open, it scrolled the part's
  // clipped box, which then opened with the field's label cut off (and axe, in CI, read the label
  // over the Advanced button)
  await page.evaluate(() => {
    document.addEventListener("focusin", (e) => {
      const part = (e.target as Element).closest(".MuiCollapse-root");
      if (part) (window as unknown as { focusedOpen?: boolean }).focusedOpen ??= part.classList.contains("MuiCollapse-entered");
    });
  });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(advanced).toHaveAttribute("aria-expanded", "true");
  await expect(channel(2).getByText("Prefix must be at most 100 characters")).toBeVisible();
  await expect(channel(2).getByLabel("Prefix", { exact: true })).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { focusedOpen?: boolean }).focusedOpen), "focused once fully open").toBe(true);
  await snapBoth(page, "user-device-form-advanced-error");
  // closed over its error, Save opens it again and gives the field the focus, once fully open
  await advanced.click();
  await expect(advanced).toHaveAttribute("aria-expanded", "false");
  await page.evaluate(() => ((window as unknown as { focusedOpen?: boolean }).focusedOpen = undefined));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(advanced).toHaveAttribute("aria-expanded", "true");
  await expect(channel(2).getByLabel("Prefix", { exact: true })).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { focusedOpen?: boolean }).focusedOpen), "focused once fully open").toBe(true);
  await snapBoth(page, "user-device-form-advanced-reopened");
  await channel(2).getByLabel("Prefix", { exact: true }).fill("pv");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/user-devices$/);
  await expect(card.getByText("Heat pump")).toBeVisible();
  await page.goto(`/device-info/${device.id}`);
  await expect(page.getByRole("row", { name: /em2 Heat pump Other/ })).toBeVisible();
  // the type in words, the owner as "You", no number for the device
  const details = page.getByRole("region", { name: "Device details" });
  await expect(details.getByText("Shelly", { exact: true })).toBeVisible();
  await expect(details.getByText("You", { exact: true })).toBeVisible();
  await expect(page.getByText(`Device ${device.id}`, { exact: true })).toHaveCount(0);
  await snapBoth(page, "device-page-shared");

  // the other way: a device made in My Devices, saved unchanged from the device pages, keeps what they do not show
  const other = await api<{ id: number }>(baseURL!, user.token, "POST", "/api/v1/user_devices", {
    device_id: "cellar meter",
    device_type: "unknown_device_type",
    location_id: location.id,
    data: { source: "mqtt", mqtt: { host: "mqtt.example.org" }, channels: [{ name: "main", classification: "consumption", prefix: "cellar" }] },
  });
  await page.goto(`/device-info/${other.id}/edit`);
  await expect(page.getByRole("combobox", { name: "Device Type" }).locator("option:checked")).toHaveText("Other or unknown");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/device-info/${other.id}$`));
  await expect(page.getByRole("row", { name: /main main Unset/ })).toBeVisible();
  const res = await fetch(`${baseURL}/api/v1/user_devices/${other.id}`, { headers: { authorization: `Bearer ${user.token}` } });
  const kept = (await res.json()) as { data: { source: string; mqtt: { host: string }; channels: { name: string; classification: string; prefix: string }[] } };
  expect(kept.data).toMatchObject({ source: "mqtt", mqtt: { host: "mqtt.example.org" }, channels: [{ name: "main", classification: "consumption", prefix: "cellar" }] });
});

test("an admin's device list names each owner by e-mail", async ({ page, baseURL }) => {
  const other = await apiUser(baseURL!);
  const deviceId = `dcbel-${Date.now().toString(36)}`;
  await api(baseURL!, other.token, "POST", "/api/v1/device_info", { device_id: deviceId, device_type: "dcbel" });
  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/device-info");
  const row = page.getByRole("row", { name: new RegExp(deviceId) });
  await expect(row.getByRole("cell", { name: "dcbel", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: other.email })).toBeVisible();
  await row.getByRole("link", { name: `View ${deviceId}` }).click();
  await expect(page.getByRole("region", { name: "Device details" }).getByText(other.email)).toBeVisible();
});

test("an admin sees every user's locations, with the admin note", async ({ page, baseURL }) => {
  const other = await apiUser(baseURL!);
  const name = `Chalet ${Date.now().toString(36)}`;
  const location = await apiLocation(baseURL!, other.token, { name, country: "AT", lat: 47.2692, lon: 11.4041 });

  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/locations/");
  await expect(page.getByRole("main").getByText("Note that you are logged in as an admin so you can see all users locations and devices.")).toBeVisible();
  const card = page.getByRole("region", { name });
  await expect(card.getByText("Austria · 47.2692, 11.4041")).toBeVisible();
  // the owner by e-mail, not by id
  await expect(card.getByText(other.email)).toBeVisible();
  await expect(card.getByText(`Owner ${location.owner_id}`)).toHaveCount(0);
  await expect(card.getByText("There are no devices assigned to this location yet.")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snapBoth(page, "locations-admin");
});

test("Use my location fills the coordinates (and the country) from the browser, saying while it waits and why it fails", async ({ page, baseURL }) => {
  const user = await apiUser(baseURL!);
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: 48.85661234, longitude: 2.35222189, accuracy: 25 });
  await openSession(page, user.email, user.password);

  await page.goto("/locations/new");
  await page.getByLabel("Name").fill("Appartement");
  await page.getByRole("button", { name: "Use my location" }).click();
  // rounded to 6 decimals; the country the point is in, none having been chosen
  await expect(page.getByLabel("Latitude")).toHaveValue("48.856612");
  await expect(page.getByLabel("Longitude")).toHaveValue("2.352222");
  await expect(page.getByRole("combobox", { name: "Country" }).locator("option:checked")).toHaveText("France (FR)");
  await expect(page.getByRole("status").filter({ hasText: "Filled in with your device's location (within about 25 m)" })).toBeVisible();
  await snapBoth(page, "location-my-location");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page).toHaveURL(/\/locations\/$/);
  await expect(page.getByRole("region", { name: "Appartement" }).getByText("France · 48.856612, 2.352222")).toBeVisible();

  // a chosen country stays; a point outside it is refused on save
  await page.context().setGeolocation({ latitude: 53.3498, longitude: -6.2603 });
  await page.goto("/locations/new");
  await page.getByLabel("Name").fill("Cottage");
  await choose(page, "Country", "Austria (AT)");
  await page.getByRole("button", { name: "Use my location" }).press("Enter");
  await expect(page.getByLabel("Longitude")).toHaveValue("-6.2603");
  await expect(page.getByRole("combobox", { name: "Country" }).locator("option:checked")).toHaveText("Austria (AT)");
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page.getByText("These coordinates are not in Austria: check them or the country")).toBeVisible();

  // refused by the browser: the fields stay, the reason is given
  await page.context().clearPermissions();
  await page.goto("/locations/new");
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByText("Your browser did not allow Foyer to use your location. Allow it in the site's settings, or type the coordinates.")).toBeVisible();
  await expect(page.getByLabel("Latitude")).toHaveValue("0");

  // a slow answer: the button says it is waiting, then why it gave up
  await page.addInitScript(() => {
    navigator.geolocation.getCurrentPosition = (_ok, fail) => {
      setTimeout(() => fail?.({ code: 3, message: "Timeout expired", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError), 4000);
    };
  });
  await page.goto("/locations/new");
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByRole("button", { name: "Finding your location…" })).toBeVisible();
  await expect(page.getByText("Waiting for your browser: it may ask whether Foyer may use your location.")).toBeVisible();
  await snapBoth(page, "location-my-location-busy");
  await expect(page.getByText("Finding your location took too long. Try again, or type the coordinates.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Use my location" })).toBeEnabled();
  await snapBoth(page, "location-my-location-failed");
});
