// Live telemetry as a household meets it (issue 49): a Shelly EM Gen3 connected from its page (a
// new password shown once), a real MQTT client standing in for the device through the server's
// own broker, the device coming online and its power moving without a reload, Home's Now card,
// My Energy's breakdown, and the device going offline; desktop and phone, English and French.
import { expect, type Page } from "@playwright/test";
import mqtt, { type MqttClient } from "mqtt";
import { E2E } from "../../playwright.config";
import { signedIn, snapBoth, test } from "./helpers";

/** The e2e server's embedded broker (scripts/e2e-server.mjs: its port + 18000). */
const brokerUrl = `mqtt://127.0.0.1:${Number(new URL(E2E.baseURL).port) + 18000}`;

async function api<T>(baseURL: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const frame = (prefix: string, ts: number, grid: number, solar: number, counters?: [number, number]) =>
  JSON.stringify({
    src: prefix,
    dst: `${prefix}/events`,
    method: "NotifyStatus",
    params: {
      ts: ts / 1000,
      "em1:0": { id: 0, act_power: grid, voltage: 231.2, current: Math.abs(grid) / 231.2 },
      "em1:1": { id: 1, act_power: solar, voltage: 231.2, current: solar / 231.2 },
      ...(counters && { "em1data:0": { id: 0, total_act_energy: counters[0], total_act_ret_energy: 0 }, "em1data:1": { id: 1, total_act_energy: counters[1], total_act_ret_energy: 0 } }),
    },
  });

async function frenchToo(page: Page, baseURL: string, path: string, name: string) {
  await page.context().addCookies([{ name: "foyer-locale", value: "fr", url: baseURL }]);
  await page.goto(path);
  await snapBoth(page, `${name}-fr`);
  await page.context().addCookies([{ name: "foyer-locale", value: "en", url: baseURL }]);
}

test("a household connects its Shelly from the device page, sees it live, on Home and in My Energy, then offline", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const user = await signedIn(page, baseURL!);
  const id = Date.now().toString(16).slice(-12).padStart(12, "0");
  const deviceId = `shellyemg3-${id}`;
  const device = await api<{ id: number }>(baseURL!, user.token, "POST", "/api/v1/device_info/", { device_id: deviceId, device_type: "shelly", phase_m: "single" });
  for (const m of [
    { name: "grid", display_name: "Grid", measure_type: "total_home", classification: "consumption", prefix: "em1:0" },
    { name: "solar", display_name: "Solar panels", measure_type: "pv", classification: "production", prefix: "em1:1" },
  ]) {
    await api(baseURL!, user.token, "POST", "/api/v1/device_measurement_metadata", { device_id: device.id, ...m });
  }

  // the page before the device ever spoke: what to type in, no password yet
  await page.goto(`/device-info/${device.id}`);
  const live = page.getByRole("region", { name: "Live" });
  await expect(page.getByText("Never heard from")).toBeVisible();
  await expect(page.getByText("No reading yet: connect the device below.")).toBeVisible();
  const connect = page.getByRole("region", { name: "Connect the device" });
  await expect(connect.getByText(deviceId.toLowerCase()).first()).toBeVisible();
  await connect.getByRole("button", { name: "Make a new password" }).click();
  const dialog = page.getByRole("dialog", { name: "The device's new password" });
  await expect(dialog).toBeVisible();
  const password = (await dialog.locator("code").first().innerText()).trim();
  expect(password).toMatch(/^[A-Za-z2-9]{25}$/);
  await snapBoth(page, "telemetry-new-password");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // the device connects with what the page said, and sends
  const prefix = deviceId.toLowerCase();
  let client: MqttClient | undefined;
  try {
    client = await mqtt.connectAsync(brokerUrl, {
      username: `device-${device.id}`,
      password,
      clientId: prefix,
      reconnectPeriod: 0,
      will: { topic: `${prefix}/online`, payload: Buffer.from("false"), qos: 1, retain: true },
    });
    await client.publishAsync(`${prefix}/online`, "true", { qos: 1, retain: true });
    const t0 = Date.now() - 120_000;
    await client.publishAsync(`${prefix}/events/rpc`, frame(prefix, t0, 1200, 300, [10_000, 4_000]), { qos: 1 });
    await client.publishAsync(`${prefix}/events/rpc`, frame(prefix, t0 + 60_000, 1200, 300, [10_020, 4_005]), { qos: 1 });
    await client.publishAsync(`${prefix}/events/rpc`, frame(prefix, Date.now() - 1000, 1200, 300), { qos: 1 });

    // online within seconds, without a reload
    await expect(live.getByText("Online", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(live.getByText("Drawing 1.2 kW from the grid")).toBeVisible();
    await expect(live.getByText("Producing 300 W")).toBeVisible();
    // its power moves
    await client.publishAsync(`${prefix}/events/rpc`, frame(prefix, Date.now(), -800, 2100), { qos: 1 });
    await expect(live.getByText("Sending 800 W to the grid")).toBeVisible({ timeout: 15_000 });
    await expect(live.getByText("Producing 2.1 kW")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Power" })).toBeVisible();
    await snapBoth(page, "telemetry-device-live");
    await frenchToo(page, baseURL!, `/device-info/${device.id}`, "telemetry-device-live");

    // Home: the Now card
    await page.goto("/");
    await expect(page.getByText("Right now")).toBeVisible();
    await expect(page.getByText(/Sending\s*800 W\s*to the grid/)).toBeVisible();
    await expect(page.getByText("Solar production")).toBeVisible();
    await snapBoth(page, "telemetry-home-now");
    await frenchToo(page, baseURL!, "/", "telemetry-home-now");

    // My Energy: where the energy went (no Linky: this month)
    await page.goto("/dashboards");
    await expect(page.getByText("Where your energy went")).toBeVisible({ timeout: 20_000 });
    await snapBoth(page, "telemetry-my-energy-breakdown");

    // a message it cannot read: refused, and Home says what in the page's language, the detail as the API says it
    await client.publishAsync(`${prefix}/events/rpc`, "{not json", { qos: 1 });
    await page.goto("/");
    const attention = page.getByRole("region", { name: "Needs your attention", exact: true });
    await expect(attention.getByText("Unreadable message (not JSON)")).toBeVisible({ timeout: 15_000 });
    await snapBoth(page, "telemetry-home-refused");
    await page.context().addCookies([{ name: "foyer-locale", value: "fr", url: baseURL! }]);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "À traiter", exact: true }).getByText("Message illisible (pas du JSON)")).toBeVisible();
    await snapBoth(page, "telemetry-home-refused-fr");
    await page.context().addCookies([{ name: "foyer-locale", value: "en", url: baseURL! }]);

    // offline: its last will, and Home says so under Needs your attention
    await client.publishAsync(`${prefix}/online`, "false", { qos: 1, retain: true });
    await page.goto(`/device-info/${device.id}`);
    await expect(live.getByText("Offline", { exact: true })).toBeVisible({ timeout: 15_000 });
    await snapBoth(page, "telemetry-device-offline");
    await page.goto("/");
    await expect(page.getByText("Needs your attention")).toBeVisible();
    await expect(page.getByText(/^Offline since/)).toBeVisible();
  } finally {
    await client?.endAsync(true).catch(() => undefined);
  }
});
