import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeCast, type TestUser } from "../factories/users";
import { db } from "@/lib/db";
import * as list from "@/app/api/v1/schedules/route";
import * as create from "@/app/api/v1/schedules/manual_weekahead/route";
import * as one from "@/app/api/v1/schedules/[id]/route";

const data = { der_name: "Home battery", average_power: 2000, months: [3, 1, 2], days: [0, 1], hours: [10, 11], start_date: "2026-11-23T00:00:00Z" };
let cast: { owner: TestUser; other: TestUser; admin: TestUser };
let ownerSchedule: number;

beforeEach(async () => {
  cast = await makeCast();
  const r = await call(create.POST, { token: cast.owner.token, json: data });
  ownerSchedule = r.body.id;
});

describe("who may do what on schedules", () => {
  type Who = "anon" | "owner" | "other" | "admin";
  const t = (w: Who) => (w === "anon" ? undefined : cast[w].token);
  const id = () => ({ id: String(ownerSchedule) });
  it.each<[string, Who, number]>([
    ["list", "anon", 401], ["list", "owner", 200], ["list", "other", 200], ["list", "admin", 200],
    ["create", "anon", 401], ["create", "other", 201],
    ["get", "anon", 401], ["get", "owner", 200], ["get", "other", 404], ["get", "admin", 200],
    ["put", "anon", 401], ["put", "owner", 200], ["put", "other", 404], ["put", "admin", 200],
    ["delete", "anon", 401], ["delete", "other", 404], ["delete", "owner", 204], ["delete", "admin", 204],
  ])("%s as %s → %i", async (action, who, status) => {
    const run = {
      list: () => call(list.GET, { token: t(who) }),
      create: () => call(create.POST, { token: t(who), json: data }),
      get: () => call(one.GET, { token: t(who), params: id() }),
      put: () => call(one.PUT, { method: "PUT", token: t(who), params: id(), json: data }),
      delete: () => call(one.DELETE, { method: "DELETE", token: t(who), params: id() }),
    }[action]!;
    expect((await run()).status).toBe(status);
  });

  it("answers 404 for a missing or malformed id", async () => {
    expect((await call(one.GET, { token: cast.admin.token, params: { id: "99999" } })).status).toBe(404);
    expect((await call(one.GET, { token: cast.admin.token, params: { id: "x" } })).status).toBe(404);
  });
});

describe("schedule bodies", () => {
  it("creates the contract's Schedule object", async () => {
    const r = await call(one.GET, { token: cast.owner.token, params: { id: String(ownerSchedule) } });
    expect(r.body).toMatchObject({
      id: ownerSchedule, user_id: cast.owner.id, der_name: "Home battery", type: "manual_weekahead",
      data: { der_name: "Home battery", average_power: 2000, months: [1, 2, 3], days: [0, 1], hours: [10, 11], start_date: "2026-11-23T00:00:00.000Z" },
    });
    expect(r.body.data.schedules).toBeUndefined();
    expect(typeof r.body.created_at).toBe("string");
  });

  it("defaults start_date to now", async () => {
    const { start_date: _s, ...rest } = data;
    const r = await call(create.POST, { token: cast.owner.token, json: rest });
    expect(Math.abs(new Date(r.body.data.start_date).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("takes the bare data object or a whole record on PUT, with error paths relative to the body", async () => {
    const bare = await call(one.PUT, { method: "PUT", token: cast.owner.token, params: { id: String(ownerSchedule) }, json: { ...data, der_name: "Renamed" } });
    expect(bare.body.der_name).toBe("Renamed");
    const record = await call(one.PUT, { method: "PUT", token: cast.owner.token, params: { id: String(ownerSchedule) }, json: { ...bare.body, data: { ...bare.body.data, months: [12] } } });
    expect(record.status).toBe(200);
    expect(record.body.data.months).toEqual([12]);
    const bad = await call(one.PUT, { method: "PUT", token: cast.owner.token, params: { id: String(ownerSchedule) }, json: { ...bare.body, data: { ...bare.body.data, hours: [24] } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("data.hours.0");
  });

  it.each([
    [{ der_name: "  " }, "der_name"],
    [{ der_name: "x".repeat(101) }, "der_name"],
    [{ average_power: 0 }, "average_power"],
    [{ average_power: 10000.5 }, "average_power"],
    [{ average_power: "500" }, "average_power"],
    [{ months: [13] }, "months.0"],
    [{ months: [] }, "months"],
    [{ months: [1, 1] }, "months"],
    [{ days: [-1] }, "days.0"],
    [{ hours: [1.5] }, "hours.0"],
    [{ months: undefined }, "months"],
    [{ start_date: "tomorrow" }, "start_date"],
    [{ schedules: [{ months: [1], days: [0], hours: [0] }] }, "schedules.0.average_power"],
    [{ schedules: [{ months: [1], days: [0], hours: [0], average_power: 1 }, { months: [2], days: [9], hours: [0], average_power: 2 }] }, "schedules.1.days.0"],
  ])("refuses %j with 422 at %s", async (patch, path) => {
    const r = await call(create.POST, { token: cast.owner.token, json: { ...data, ...patch } });
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(r.body.detail).toBe(r.body.errors[0].message);
  });

  it("accepts two parts, the second at power + 1, but no third", async () => {
    const parts = [{ months: [1, 2], days: [0], hours: [1], average_power: 2000 }, { months: [3], days: [0], hours: [1], average_power: 2001 }];
    const r = await call(create.POST, { token: cast.owner.token, json: { ...data, schedules: parts } });
    expect(r.status).toBe(201);
    expect(r.body.data.schedules).toEqual(parts);
    const three = await call(create.POST, { token: cast.owner.token, json: { ...data, schedules: [...parts, { ...parts[0], months: [4] }] } });
    expect(three.status).toBe(422);
  });

  it("refuses overlapping months with the summary as detail and the months listed", async () => {
    const parts = [{ months: [3, 11, 1], days: [0], hours: [1], average_power: 100 }, { months: [11, 3], days: [0], hours: [1], average_power: 101 }];
    const r = await call(create.POST, { token: cast.owner.token, json: { ...data, schedules: parts } });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ detail: "Months are not allowed to overlap between schedules", errors: [{ path: "schedules", message: "Overlapping months: 3, 11" }] });
    expect(await db.schedule.count()).toBe(1);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const r = await call(create.POST, { token: cast.owner.token, body: "months=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(r.status).toBe(400);
  });
});

describe("schedule lists", () => {
  it("a user sees their own, an admin all with the user_id filter and paging", async () => {
    await call(create.POST, { token: cast.other.token, json: data });
    await call(create.POST, { token: cast.other.token, json: { ...data, der_name: "Heat pump" } });
    const mine = await call(list.GET, { token: cast.owner.token });
    expect(mine.body.map((s: { user_id: number }) => s.user_id)).toEqual([cast.owner.id]);
    const all = await call(list.GET, { token: cast.admin.token });
    expect(all.headers.get("x-total-count")).toBe("3");
    const filtered = await call(list.GET, { token: cast.admin.token, path: `/api/v1/schedules?user_id=${cast.other.id}&_sort=der_name&_order=ASC&_start=0&_end=1` });
    expect(filtered.headers.get("x-total-count")).toBe("2");
    expect(filtered.body.map((s: { der_name: string }) => s.der_name)).toEqual(["Heat pump"]);
    const typed = await call(list.GET, { token: cast.admin.token, path: "/api/v1/schedules?type=manual_weekahead&der_name=Heat%20pump" });
    expect(typed.headers.get("x-total-count")).toBe("1");
    const spoof = await call(list.GET, { token: cast.owner.token, path: `/api/v1/schedules?user_id=${cast.other.id}` });
    expect(spoof.body).toEqual([]);
  });
});
