import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeCast } from "../factories/users";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { db } from "@/lib/db";
import * as list from "@/app/api/v1/schedules/route";
import * as create from "@/app/api/v1/schedules/manual_weekahead/route";
import * as one from "@/app/api/v1/schedules/[id]/route";

const data = { der_name: "Home battery", average_power: 2000, months: [3, 1, 2], days: [0, 1], hours: [10, 11], start_date: "2026-11-23T00:00:00Z" };
let cast: Cast;
let ownerSchedule: number;

beforeEach(async () => {
  cast = await makeCast();
  const r = await call(create.POST, { token: cast.owner.token, json: data });
  ownerSchedule = r.body.id;
});

describe("who may do what on schedules", () => {
  const id = () => ({ id: String(ownerSchedule) });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/schedules", name: "list", run: (t) => call(list.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/schedules/manual_weekahead", name: "create", run: (t) => call(create.POST, { token: t, json: data }), expect: { anon: 401, owner: 201, other: 201, admin: 201 } },
    { route: "POST /api/v1/schedules/manual_weekahead", name: "create invalid", run: (t) => call(create.POST, { token: t, json: { ...data, hours: [24] } }), expect: { owner: 422 } },
    { route: "GET /api/v1/schedules/[id]", name: "get owner's", run: (t) => call(one.GET, { token: t, params: id() }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/schedules/[id]", name: "get missing", run: (t) => call(one.GET, { token: t, params: { id: "99999" } }), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/schedules/[id]", name: "put owner's", run: (t) => call(one.PUT, { method: "PUT", token: t, params: id(), json: data }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "PUT /api/v1/schedules/[id]", name: "put missing", run: (t) => call(one.PUT, { method: "PUT", token: t, params: { id: "99999" }, json: data }), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/schedules/[id]", name: "delete owner's", run: (t) => call(one.DELETE, { method: "DELETE", token: t, params: id() }), expect: { anon: 401, owner: 204, other: 404, admin: 204 } },
    { route: "DELETE /api/v1/schedules/[id]", name: "delete missing", run: (t) => call(one.DELETE, { method: "DELETE", token: t, params: { id: "x" } }), expect: { owner: 404, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("another household's PUT and DELETE change nothing", async () => {
    await call(one.PUT, { method: "PUT", token: cast.other.token, params: id(), json: { ...data, der_name: "Stolen" } });
    await call(one.DELETE, { method: "DELETE", token: cast.other.token, params: id() });
    expect((await db.schedule.findUniqueOrThrow({ where: { id: ownerSchedule } })).derName).toBe("Home battery");
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
    expect(r.body).toEqual({ detail: "Months are not allowed to overlap between schedules", code: "validation_error", errors: [{ path: "schedules", message: "Overlapping months: 3, 11" }] });
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
