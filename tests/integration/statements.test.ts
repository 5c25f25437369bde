// How many SQL statements a read costs (issue 14: "lists in at most two statements per request and
// no interactive transaction on a read"). Every statement Prisma sends goes through pg's
// Client#query (the driver adapter's pool): the test records their texts during one request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { call, type Auth } from "../helpers/api";
import { makeCast } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import type { Cast } from "../helpers/permissions";
import { db } from "@/lib/db";
import * as locations from "@/app/api/v1/locations/route";
import * as myLocations from "@/app/api/v1/locations/my/route";
import * as locations1 from "@/app/api/v1/locations1/route";
import * as location from "@/app/api/v1/locations/[id]/route";
import * as deviceInfo from "@/app/api/v1/device_info/route";
import * as deviceInfoOne from "@/app/api/v1/device_info/[id]/route";
import * as userDevices from "@/app/api/v1/user_devices/route";
import * as devices from "@/app/api/v1/devices/route";
import * as schedules from "@/app/api/v1/schedules/route";
import * as createSchedule from "@/app/api/v1/schedules/manual_weekahead/route";
import * as users from "@/app/api/v1/users/route";

type Handler = Parameters<typeof call>[0];

let cast: Cast;
let locationId: number;

beforeEach(async () => {
  cast = await makeCast();
  // enough rows that relation loading shows: two locations, each with devices that have channels
  for (const name of ["Home", "Cottage"]) {
    const l = await makeLocation(cast.owner.id, { name });
    locationId ??= l.id;
    for (let i = 0; i < 3; i++) await makeDevice(cast.owner.id, { locationId: l.id, measurements: [{ name: "grid" }, { name: "solar" }] });
  }
  const schedule = { der_name: "Home battery", average_power: 2000, months: [1, 2], days: [0, 1], hours: [10, 11], start_date: "2026-11-23T00:00:00Z" };
  expect((await call(createSchedule.POST, { token: cast.owner.token, json: schedule })).status).toBe(201);
});

let spy: ReturnType<typeof vi.spyOn> | undefined;
afterEach(() => spy?.mockRestore());

/** The SQL statements sent while `run` runs (after the warm-up call, so no connection set-up). */
async function statementsOf(run: () => Promise<{ status: number }>): Promise<string[]> {
  expect((await run()).status).toBe(200);
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === "string" ? q : ((q as { text?: string })?.text ?? String(q)));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  const res = await run();
  spy.mockRestore();
  spy = undefined;
  expect(res.status).toBe(200);
  return seen;
}

const get = (handler: Handler, token: Auth, path: string, params?: Record<string, string>) => () => call(handler, { token, path, params });

describe("a list is the caller's row and one statement (its page and total, lib/services/sql-page.ts), never a transaction", () => {
  const cases: [string, () => [Handler, "owner" | "admin", string, Record<string, string>?]][] = [
    ["GET /api/v1/locations/my", () => [myLocations.GET, "owner", "/api/v1/locations/my"]],
    ["GET /api/v1/locations", () => [locations.GET, "owner", "/api/v1/locations"]],
    ["GET /api/v1/locations (admin, every owner)", () => [locations.GET, "admin", "/api/v1/locations"]],
    ["GET /api/v1/locations1", () => [locations1.GET, "owner", "/api/v1/locations1"]],
    ["GET /api/v1/device_info/", () => [deviceInfo.GET, "owner", "/api/v1/device_info/"]],
    ["GET /api/v1/user_devices", () => [userDevices.GET, "owner", "/api/v1/user_devices"]],
    ["GET /api/v1/devices (admin)", () => [devices.GET, "admin", "/api/v1/devices"]],
    ["GET /api/v1/schedules", () => [schedules.GET, "owner", "/api/v1/schedules"]],
    ["GET /api/v1/users (admin)", () => [users.GET, "admin", "/api/v1/users"]],
  ];
  for (const [name, make] of cases) {
    it(name, async () => {
      const [handler, who, path, params] = make();
      const sql = await statementsOf(get(handler, cast[who].token, path, params));
      // the caller (token check), then the page and its total in one statement
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(2);
      expect(sql.filter((s) => /^\s*(BEGIN|COMMIT|ROLLBACK|START TRANSACTION)/i.test(s))).toEqual([]);
    });
  }

  it("one location, with its devices and their channels: the caller and one statement", async () => {
    const sql = await statementsOf(get(location.GET, cast.owner.token, `/api/v1/locations/${locationId}`, { id: String(locationId) }));
    expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(2);
  });

  it("one device's info: the caller and one statement", async () => {
    const d = await db.device.findFirstOrThrow({ where: { ownerId: cast.owner.id } });
    const sql = await statementsOf(get(deviceInfoOne.GET, cast.owner.token, `/api/v1/device_info/${d.id}`, { id: String(d.id) }));
    expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(2);
  });
});

describe("a read's statements are prepared once per connection (lib/db/statement-names.ts)", () => {
  /** The names the read's statements were sent under ("" or none: unnamed, parsed and planned every time). */
  async function namesOf(run: () => Promise<{ status: number }>): Promise<string[]> {
    const names: string[] = [];
    const original = pg.Client.prototype.query;
    spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const q = args[0];
      names.push(typeof q === "object" && q !== null ? String((q as { name?: string }).name ?? "") : "");
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      expect((await run()).status).toBe(200);
    } finally {
      spy.mockRestore();
      spy = undefined;
    }
    return names;
  }

  it("names each statement of a list, the same names every time", async () => {
    const read = get(myLocations.GET, cast.owner.token, "/api/v1/locations/my");
    const first = await namesOf(read);
    expect(first.length).toBeGreaterThan(0);
    for (const n of first) expect(n).toMatch(/^f_[A-Za-z0-9_-]{24}$/);
    expect(await namesOf(read)).toEqual(first);
    // and PostgreSQL holds them: a named statement stays prepared on the connection that ran it
    const [{ held }] = await db.$queryRaw<{ held: number }[]>`SELECT count(*)::int AS held FROM pg_prepared_statements WHERE name LIKE 'f\_%'`;
    expect(held).toBeGreaterThan(0);
  });
});
