// The demo household (prisma/demo.ts) shows every feature and is valid by the app's own rules: its
// notice accepted, Linky, Netatmo and Legrand linked through the sandboxes, its devices at its home
// and tied to those links, a split schedule; each device and schedule saves back unchanged.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as meGET } from "@/app/api/v1/users/me/route";
import { GET as deviceGET, PUT as devicePUT } from "@/app/api/v1/device_info/[id]/route";
import { GET as scheduleGET, PUT as schedulePUT } from "@/app/api/v1/schedules/[id]/route";
import { call } from "../helpers/api";
import { makeUser } from "../factories/users";

describe("the demo household", () => {
  it("shows every feature, and each of its devices and schedules saves back unchanged", async () => {
    const { ensureDemoLinky, ensureDemoVendors, seedDemoHousehold } = await import("@/prisma/demo");
    const demo = await makeUser({ acceptedTos: false });
    await seedDemoHousehold(demo.id);
    await ensureDemoLinky(demo.id);
    await ensureDemoVendors(demo.id);
    // again: nothing doubled
    await ensureDemoVendors(demo.id);

    const me = await call(meGET, { token: demo.token });
    expect(me.body.accepted_tos).toBe(true);

    const integrations = await db.integration.findMany({ where: { userId: demo.id } });
    expect(integrations.map((i) => [i.name, i.sandbox]).sort()).toEqual([["legrand", true], ["linky", true], ["netatmo", true]]);

    const devices = await db.device.findMany({ where: { ownerId: demo.id }, orderBy: { id: "asc" } });
    // the Linky twice: read from Enedis, and live through its TIC (a teleinfo2mqtt reader on MQTT)
    expect(devices.map((d) => d.deviceType)).toEqual(["shelly", "spoony", "linky", "linky", "netatmo", "legrand"]);
    const home = await db.location.findFirstOrThrow({ where: { ownerId: demo.id } });
    for (const d of devices) expect(d.locationId, d.deviceId).toBe(home.id);
    // a device read from a vendor reads the household's own link to it
    for (const d of devices.filter((x) => x.dataSource !== "mqtt")) {
      expect(integrations.find((i) => i.id === d.integrationId)?.name, d.deviceId).toBe(d.deviceType);
    }
    for (const d of devices) {
      const got = await call(deviceGET, { params: { id: String(d.id) }, token: demo.token });
      const { device_id, device_type, phase_m, location_id } = got.body;
      const saved = await call(devicePUT, { method: "PUT", params: { id: String(d.id) }, token: demo.token, json: { id: d.id, device_id, device_type, phase_m, location_id } });
      expect(saved.status, `${d.deviceId}: ${JSON.stringify(saved.body)}`).toBe(200);
    }

    const schedules = await db.schedule.findMany({ where: { userId: demo.id }, orderBy: { id: "asc" } });
    expect(schedules.map((s) => s.derName)).toEqual(["Home battery", "Water heater"]);
    for (const s of schedules) {
      const got = await call(scheduleGET, { params: { id: String(s.id) }, token: demo.token });
      const saved = await call(schedulePUT, { method: "PUT", params: { id: String(s.id) }, token: demo.token, json: got.body.data });
      expect(saved.status, `${s.derName}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
    const battery = await call(scheduleGET, { params: { id: String(schedules[0].id) }, token: demo.token });
    expect(battery.body.data.schedules).toHaveLength(2);
  });
});
