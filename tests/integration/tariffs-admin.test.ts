// The back-office's tariff rows (/api/v1/tariffs): superusers only, the one rule of a valid row
// (tariffRowSchema) with errors named by wire field, 409 on a same-day start or an overlap, an
// open row closed by its successor in the same transaction (and re-opened when that is deleted),
// and react-admin's json-server list parameters.
import { beforeEach, describe, expect, it } from "vitest";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { expectError, expectInvalid, expectListHeaders, ids } from "../helpers/assert";
import { makeCast } from "../factories/users";
import { db } from "@/lib/db";
import { upsertTariffs, listTariffs } from "@/lib/services/tariffs/tariffs";
import { TARIFF_ROWS } from "@/lib/energy/tariff-data";
import * as tariffs from "@/app/api/v1/tariffs/route";
import * as tariff from "@/app/api/v1/tariffs/[id]/route";

let cast: Cast;
beforeEach(async () => {
  cast = await makeCast();
});
const at = (id: number | string) => ({ id: String(id) });
const admin = () => cast.admin.token;

const list = (token?: Auth, query = "") => call(tariffs.GET, { token, path: `/api/v1/tariffs${query}` });
const post = (token: Auth | undefined, json: unknown) => call(tariffs.POST, { method: "POST", token, json });
const get = (token: Auth | undefined, id: number | string) => call(tariff.GET, { token, params: at(id) });
const put = (token: Auth | undefined, id: number | string, json: unknown) => call(tariff.PUT, { method: "PUT", token, params: at(id), json });
const remove = (token: Auth | undefined, id: number | string) => call(tariff.DELETE, { method: "DELETE", token, params: at(id) });

const SRC = "https://example.test/grid";
const base = (over: Record<string, unknown> = {}) => ({ supplier: "EDF Tarif Bleu", option: "base", subscribed_kva: 6, subscription_eur_per_year: 190.32, price_base: 0.2016, valid_from: "2027-02-01", valid_to: null, source: SRC, ...over });
const hphc = (over: Record<string, unknown> = {}) => ({ ...base({ option: "hphc", price_base: null, price_hp: 0.2146, price_hc: 0.1696 }), ...over });
const tempo = (over: Record<string, unknown> = {}) => ({
  ...base({ option: "tempo", price_base: null, subscription_eur_per_year: null }),
  price_blue_hc: 0.1325, price_blue_hp: 0.1612, price_white_hc: 0.1499, price_white_hp: 0.1871, price_red_hc: 0.1575, price_red_hp: 0.706,
  ...over,
});
const row = (id: number) => db.tariff.findUniqueOrThrow({ where: { id } });
const day = (d: Date | null) => (d === null ? null : d.toISOString().slice(0, 10));

describe("who may do what on /api/v1/tariffs (admins only)", () => {
  let id = 0;
  beforeEach(async () => {
    id = (await db.tariff.create({ data: { supplier: "X", option: "base", subscribedKva: 6, priceBase: 0.2, validFrom: new Date("2026-01-01"), source: SRC } })).id;
  });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/tariffs", name: "GET /tariffs", run: (t) => list(t), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/tariffs", name: "POST /tariffs", run: (t) => post(t, base()), expect: { anon: 401, owner: 403, admin: 201 } },
    { route: "POST /api/v1/tariffs", name: "POST /tariffs with an invalid body", run: (t) => post(t, base({ subscribed_kva: 7 })), expect: { anon: 401, owner: 403, admin: 422 } },
    { route: "GET /api/v1/tariffs/[id]", name: "GET /tariffs/{id}", run: (t) => get(t, id), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/tariffs/[id]", name: "GET /tariffs/{missing}", run: (t) => get(t, 999999), expect: { anon: 401, owner: 403, admin: 404 } },
    { route: "GET /api/v1/tariffs/[id]", name: "GET /tariffs/{non-numeric}", run: (t) => get(t, "x"), expect: { owner: 403, admin: 404 } },
    { route: "PUT /api/v1/tariffs/[id]", name: "PUT /tariffs/{id}", run: (t) => put(t, id, { price_base: 0.21 }), expect: { anon: 401, owner: 403, admin: 200 } },
    { route: "PUT /api/v1/tariffs/[id]", name: "PUT /tariffs/{missing}", run: (t) => put(t, 999999, base()), expect: { owner: 403, admin: 404 } },
    { route: "DELETE /api/v1/tariffs/[id]", name: "DELETE /tariffs/{id}", run: (t) => remove(t, id), expect: { anon: 401, owner: 403, other: 403, admin: 204 } },
    { route: "DELETE /api/v1/tariffs/[id]", name: "DELETE /tariffs/{missing}", run: (t) => remove(t, 999999), expect: { owner: 403, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("a non-admin changes nothing", async () => {
    await put(cast.owner.token, id, { price_base: 0.3 });
    await remove(cast.owner.token, id);
    await post(cast.owner.token, base());
    expect(await db.tariff.count()).toBe(1);
    expect((await row(id)).priceBase?.toNumber()).toBe(0.2);
  });
});

describe("creating and reading rows", () => {
  it("stores a row of each option and answers it as the view (only the option's prices set)", async () => {
    const r = await post(admin(), tempo());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      supplier: "EDF Tarif Bleu", option: "tempo", subscribed_kva: 6, subscription_eur_per_year: null,
      price_base: null, price_hp: null, price_hc: null, price_blue_hc: 0.1325, price_red_hp: 0.706,
      valid_from: "2027-02-01", valid_to: null, source: SRC,
    });
    expect((await get(admin(), r.body.id)).body).toEqual(r.body);
    expect((await post(admin(), hphc())).body).toMatchObject({ option: "hphc", price_hp: 0.2146, price_hc: 0.1696, price_base: null });
    // what the cost computation reads back
    const rows = await listTariffs(db);
    expect(rows.find((x) => x.option === "hphc")).toEqual({ supplier: "EDF Tarif Bleu", option: "hphc", kva: 6, subscriptionEurPerYear: 190.32, prices: { hp: 0.2146, hc: 0.1696 }, validFrom: "2027-02-01", validTo: null, source: SRC });
  });

  it("blank optional fields from a form are null; unknown fields are ignored", async () => {
    const r = await post(admin(), base({ subscription_eur_per_year: "", valid_to: "", price_hp: "", id: 42, created_at: "x" }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ subscription_eur_per_year: null, valid_to: null, price_hp: null });
    expect(r.body.id).not.toBe(42);
  });

  it.each([
    ["a price of another option", base({ price_hp: 0.2 }), "price_hp", "price_hp is not a price of option base"],
    ["a missing price of the option", hphc({ price_hc: null }), "price_hc", "price_hc is required for option hphc"],
    ["a Tempo row with five prices", tempo({ price_red_hp: undefined }), "price_red_hp", "price_red_hp is required for option tempo"],
    ["a power that is not a regulated step", base({ subscribed_kva: 7 }), "subscribed_kva", "subscribed_kva must be one of the regulated steps: 3, 6, 9, 12, 15, 18, 24, 30, 36"],
    ["an unknown option", base({ option: "weekend" }), "option", "option must be one of: base, hphc, tempo"],
    ["a missing supplier", base({ supplier: undefined }), "supplier", "supplier is required"],
    ["a blank supplier", base({ supplier: "  " }), "supplier", undefined],
    ["an end before the start", base({ valid_to: "2027-01-01" }), "valid_to", "valid_to: must be after valid_from"],
    ["an end on the start", base({ valid_to: "2027-02-01" }), "valid_to", "valid_to: must be after valid_from"],
    ["a day that does not exist", base({ valid_from: "2027-02-30" }), "valid_from", "valid_from is not a calendar day"],
    ["a year out of range", base({ valid_from: "2207-02-01" }), "valid_from", "valid_from must be between 2000 and 2099"],
    ["a date with a time", base({ valid_from: "2027-02-01T00:00:00Z" }), "valid_from", undefined],
    ["a source that is not a URL", base({ source: "EDF's site" }), "source", "source must be an http(s) URL of at most 500 characters"],
    ["a zero price", base({ price_base: 0 }), "price_base", undefined],
    ["an absurd price", base({ price_base: 12 }), "price_base", undefined],
    ["a price as text", base({ price_base: "0.2" }), "price_base", undefined],
    ["a negative subscription", base({ subscription_eur_per_year: -1 }), "subscription_eur_per_year", undefined],
    ["a price the column would round to 0", hphc({ price_hp: 5e-324 }), "price_hp", "price_hp must have at most 4 decimals"],
    ["a price with 5 decimals", base({ price_base: 0.20015 }), "price_base", "price_base must have at most 4 decimals"],
    ["a subscription the column would round to 10,000", base({ subscription_eur_per_year: 9999.999 }), "subscription_eur_per_year", "subscription_eur_per_year must have at most 2 decimals"],
  ])("refuses %s (422 naming the field)", async (_what, body, path, message) => {
    expectInvalid(await post(admin(), body), path, message);
    expect(await db.tariff.count()).toBe(0);
  });

  it("refuses what is not a JSON object", async () => {
    expect((await post(admin(), [base()])).status).toBe(422);
    expect((await call(tariffs.POST, { method: "POST", token: admin(), body: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
  });
});

describe("the timeline of one supplier, option and power", () => {
  it("a new row closes the open row of the same key at its valid_from, and only that one", async () => {
    await upsertTariffs(db);
    const open = await db.tariff.findFirstOrThrow({ where: { option: "base", subscribedKva: 6, validTo: null } });
    const other = await db.tariff.findFirstOrThrow({ where: { option: "base", subscribedKva: 9, validTo: null } });
    const r = await post(admin(), base({ valid_from: "2027-02-01" }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(day((await row(open.id)).validTo)).toBe("2027-02-01");
    expect((await row(other.id)).validTo).toBeNull();
    expect(await db.tariff.count()).toBe(TARIFF_ROWS.length + 1);
    // the computation sees the two rows back to back
    const sixes = (await listTariffs(db)).filter((x) => x.option === "base" && x.kva === 6).slice(-2);
    expect(sixes.map((x) => [x.validFrom, x.validTo])).toEqual([["2026-08-01", "2027-02-01"], ["2027-02-01", null]]);
  });

  it("a second row starting the same day is a 409 that names the row to edit", async () => {
    const first = await post(admin(), base());
    const again = await post(admin(), base({ price_base: 0.3 }));
    expectError(again, 409, `A base row of EDF Tarif Bleu at 6 kVA already starts on 2027-02-01 (id ${first.body.id}): edit that row instead`);
    expect(await db.tariff.count()).toBe(1);
    // the same day for another supplier, option or power is another timeline
    expect((await post(admin(), base({ subscribed_kva: 9 }))).status).toBe(201);
    expect((await post(admin(), base({ supplier: "Another" }))).status).toBe(201);
    expect((await post(admin(), hphc())).status).toBe(201);
  });

  it("an overlap with a closed row, or an open row that starts before a later one, is a 409 and changes nothing", async () => {
    const a = await post(admin(), base({ valid_from: "2026-02-01", valid_to: "2026-08-01" }));
    const b = await post(admin(), base({ valid_from: "2026-08-01" }));
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expectError(await post(admin(), base({ valid_from: "2026-05-01", valid_to: "2026-09-01" })), 409);
    const before = await post(admin(), base({ valid_from: "2025-08-01" }));
    expectError(before, 409, `This base row of EDF Tarif Bleu at 6 kVA overlaps the one from 2026-02-01 to 2026-08-01 (id ${a.body.id}); set valid_to to 2026-02-01 at the latest`);
    // once it ends in time, it fits
    expect((await post(admin(), base({ valid_from: "2025-08-01", valid_to: "2026-02-01" }))).status).toBe(201);
    expect((await row(b.body.id)).validTo).toBeNull();
    expect(await db.tariff.count()).toBe(3);
  });

  it("deleting the row in force re-opens the row it had closed", async () => {
    const old = await post(admin(), base({ valid_from: "2026-08-01" }));
    const next = await post(admin(), base({ valid_from: "2027-02-01" }));
    expect(day((await row(old.body.id)).validTo)).toBe("2027-02-01");
    expect((await remove(admin(), next.body.id)).status).toBe(204);
    expect((await row(old.body.id)).validTo).toBeNull();
    // deleting a closed row leaves the others alone
    const last = await post(admin(), base({ valid_from: "2027-08-01" }));
    expect((await remove(admin(), old.body.id)).status).toBe(204);
    expect((await row(last.body.id)).validTo).toBeNull();
  });

  it("two admins adding rows at once: one closes the open row, the other is refused or fits after it", async () => {
    const old = await post(admin(), base({ valid_from: "2026-08-01" }));
    const [x, y] = await Promise.all([post(admin(), base({ valid_from: "2027-02-01" })), post(admin(), base({ valid_from: "2027-02-01", price_base: 0.3 }))]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect(day((await row(old.body.id)).validTo)).toBe("2027-02-01");
    expect(await db.tariff.count()).toBe(2);
  });
});

describe("editing rows", () => {
  it("PUT keeps the fields left out, checks the whole row, and takes the view back as sent by react-admin", async () => {
    const r = await post(admin(), hphc());
    const edited = await put(admin(), r.body.id, { ...r.body, price_hc: 0.17, updated_at: "whatever" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ price_hp: 0.2146, price_hc: 0.17 });
    expect((await put(admin(), r.body.id, { source: "https://example.test/fixed" })).body).toMatchObject({ source: "https://example.test/fixed", price_hc: 0.17 });
    expectInvalid(await put(admin(), r.body.id, { price_base: 0.2 }), "price_base", "price_base is not a price of option hphc");
    expectInvalid(await put(admin(), r.body.id, { valid_to: "2026-01-01" }), "valid_to");
  });

  it("changing the option drops the old option's prices; the new ones are required", async () => {
    const r = await post(admin(), hphc());
    expectInvalid(await put(admin(), r.body.id, { option: "base" }), "price_base", "price_base is required for option base");
    const b = await put(admin(), r.body.id, { option: "base", price_base: 0.2 });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body).toMatchObject({ option: "base", price_base: 0.2, price_hp: null, price_hc: null });
  });

  it("moving a row's start or power follows the same timeline rules", async () => {
    const a = await post(admin(), base({ valid_from: "2026-08-01" }));
    const b = await post(admin(), base({ valid_from: "2027-02-01" }));
    // onto a's start: a same-day start
    expectError(await put(admin(), b.body.id, { valid_from: "2026-08-01" }), 409);
    // a row edited in place (as loaded again) does not conflict with itself
    const fresh = (await get(admin(), a.body.id)).body;
    expect(fresh.valid_to).toBe("2027-02-01");
    expect((await put(admin(), a.body.id, { ...fresh, price_base: 0.25 })).status).toBe(200);
    // an open row moved into the key after b's start closes b
    const c = await post(admin(), base({ subscribed_kva: 9, valid_from: "2027-08-01" }));
    expect((await put(admin(), c.body.id, { subscribed_kva: 6 })).status).toBe(200);
    expect(day((await row(b.body.id)).validTo)).toBe("2027-08-01");
    // re-opening b would overlap c
    expectError(await put(admin(), b.body.id, { valid_to: null }), 409);
  });
});

describe("the list (json-server parameters)", () => {
  beforeEach(async () => {
    await upsertTariffs(db);
  });

  it("answers every row with X-Total-Count, pages and sorts", async () => {
    const all = await list(admin());
    expectListHeaders(all, TARIFF_ROWS.length);
    const page = await list(admin(), "?_start=5&_end=15&_sort=valid_from&_order=DESC");
    expectListHeaders(page, TARIFF_ROWS.length);
    expect(page.body).toHaveLength(10);
    const froms = page.body.map((x: { valid_from: string }) => x.valid_from);
    expect([...froms].sort().reverse()).toEqual(froms);
    expectInvalid(await list(admin(), "?_sort=price_base"), "_sort");
  });

  it("filters by option, power (subscribed_kva or kva), supplier, in force today, ids, and q", async () => {
    const tempoRows = TARIFF_ROWS.filter((r) => r.option === "tempo");
    expectListHeaders(await list(admin(), "?option=tempo"), tempoRows.length);
    const tempo6 = tempoRows.filter((r) => r.kva === 6).length;
    expect(tempo6).toBeGreaterThan(1);
    expectListHeaders(await list(admin(), "?option=tempo&kva=6"), tempo6);
    expectListHeaders(await list(admin(), "?option=tempo&subscribed_kva=6"), tempo6);
    expectListHeaders(await list(admin(), "?option=tempo&kva=3"), tempoRows.filter((r) => r.kva === 3).length);
    expectListHeaders(await list(admin(), "?option=nope"), 0);
    expectListHeaders(await list(admin(), "?kva=99999999"), 0);
    expectInvalid(await list(admin(), "?kva=six"), "kva");
    expectListHeaders(await list(admin(), "?supplier=EDF%20Tarif%20Bleu"), TARIFF_ROWS.length);
    expectListHeaders(await list(admin(), "?supplier=EDF"), 0);
    expectListHeaders(await list(admin(), "?q=tarif%20bleu"), TARIFF_ROWS.length);
    expectListHeaders(await list(admin(), "?q=tarif&supplier=Another"), 0);
    const inForce = await list(admin(), "?in_force=true");
    expect(inForce.body.every((x: { valid_to: string | null }) => x.valid_to === null)).toBe(true);
    expectListHeaders(inForce, TARIFF_ROWS.filter((r) => r.validTo === null).length);
    expectListHeaders(await list(admin(), "?in_force=false"), TARIFF_ROWS.filter((r) => r.validTo !== null).length);
    const some = ids(await list(admin(), "?_end=3"));
    expect(ids(await list(admin(), `?id=${some[0]}&id=${some[2]}`))).toEqual([some[0], some[2]]);
  });
});
