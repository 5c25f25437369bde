// A page's first data (lib/http/prefetch.ts) is what the browser would get from the same URL: the
// same route handler, the same JSON, under the same rules.
import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeCast } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import type { Cast } from "../helpers/permissions";
import { loadCaller, type Caller } from "@/lib/auth/caller";
import { prefetch } from "@/lib/http/prefetch";
import { DEVICE_INFO_URL, deviceInfoUrl, LOCATIONS_URL, locationUrl, MY_LOCATIONS_URL, SCHEDULE_OWNERS_URL, userDeviceUrl, userDevicesUrl } from "@/lib/swr/keys";
import * as deviceInfo from "@/app/api/v1/device_info/route";
import * as locations from "@/app/api/v1/locations/route";
import * as myLocations from "@/app/api/v1/locations/my/route";
import * as userDevices from "@/app/api/v1/user_devices/route";
import * as users from "@/app/api/v1/users/route";
import * as devices from "@/app/api/v1/devices/route";
import * as oneDeviceInfo from "@/app/api/v1/device_info/[id]/route";
import * as oneUserDevice from "@/app/api/v1/user_devices/[id]/route";
import * as oneLocation from "@/app/api/v1/locations/[id]/route";

let cast: Cast;
let owner: Caller;
let admin: Caller;
let deviceId: number;
let homeId: number;
let otherHomeId: number;

beforeEach(async () => {
  cast = await makeCast();
  const home = await makeLocation(cast.owner.id, { name: "Home" });
  homeId = home.id;
  deviceId = (await makeDevice(cast.owner.id, { locationId: home.id, measurements: [{ name: "grid" }] })).id;
  otherHomeId = (await makeLocation(cast.other.id, { name: "Not mine" })).id;
  owner = (await loadCaller(cast.owner.id, 0, "cookie"))!;
  admin = (await loadCaller(cast.admin.id, 0, "cookie"))!;
});

describe("prefetch", () => {
  it("answers each URL with the JSON its route gives the same caller", async () => {
    const reads = [
      [DEVICE_INFO_URL, deviceInfo.GET],
      [LOCATIONS_URL, locations.GET],
      [MY_LOCATIONS_URL, myLocations.GET],
      [userDevicesUrl(cast.owner.id), userDevices.GET],
    ] as const;
    const got = await prefetch(owner, [...reads]);
    expect(Object.keys(got)).toEqual(reads.map(([url]) => url));
    for (const [url, route] of reads) {
      const viaHttp = await call(route, { token: cast.owner.token, path: url });
      expect(viaHttp.status).toBe(200);
      expect(JSON.stringify(got[url]), url).toBe(JSON.stringify(viaHttp.body));
    }
    // the caller's own rows only (the other household's location is not there)
    expect((got[LOCATIONS_URL] as { name: string }[]).map((l) => l.name)).toEqual(["Home"]);
  });

  it("leaves out what the caller may not read, so that the page's hook shows its own error", async () => {
    // the every-device list is the back-office's (403 for a household)
    expect((await call(devices.GET, { token: cast.owner.token, path: "/api/v1/devices" })).status).toBe(403);
    expect(await prefetch(owner, [["/api/v1/devices", devices.GET]])).toEqual({});
    expect(Object.keys(await prefetch(admin, [["/api/v1/devices", devices.GET]]))).toEqual(["/api/v1/devices"]);
    const forAdmin = await prefetch(admin, [[SCHEDULE_OWNERS_URL, users.GET]]);
    expect((forAdmin[SCHEDULE_OWNERS_URL] as { email: string }[]).map((u) => u.email)).toContain(cast.owner.email);
  });

  it("leaves out a refused query (a bad filter is a 422, not a page that fails)", async () => {
    expect((await call(locations.GET, { token: cast.owner.token, path: "/api/v1/locations?owner_id=abc" })).status).toBe(422);
    expect(await prefetch(owner, [["/api/v1/locations?owner_id=abc", locations.GET]])).toEqual({});
  });

  it("reads one item with the path's params, as Next passes them to the route", async () => {
    const reads = [
      [deviceInfoUrl(deviceId), oneDeviceInfo.GET, { id: String(deviceId) }],
      [userDeviceUrl(deviceId), oneUserDevice.GET, { id: String(deviceId) }],
      [locationUrl(homeId), oneLocation.GET, { id: String(homeId) }],
    ] as const;
    const got = await prefetch(owner, [...reads]);
    expect(Object.keys(got)).toEqual(reads.map(([url]) => url));
    for (const [url, route, params] of reads) {
      const viaHttp = await call(route, { token: cast.owner.token, path: url, params });
      expect(viaHttp.status).toBe(200);
      expect(JSON.stringify(got[url]), url).toBe(JSON.stringify(viaHttp.body));
    }
    // another household's location is not found for this caller: left out
    expect(await prefetch(owner, [[locationUrl(otherHomeId), oneLocation.GET, { id: String(otherHomeId) }]])).toEqual({});
  });
});
