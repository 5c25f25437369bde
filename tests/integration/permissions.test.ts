// Who may do what on the endpoints whose own test files hold no permission table: meters (list,
// sync, export, import), "Download my data", the dashboards list, the integrations and community
// flexibility (the operator's events and the household's side), real-time sharing (the household's
// consent, the operator's partners, the partner's own API). Each row is
// tried anonymously and, for everyone else, with a bearer token and with the session cookie
// (tests/helpers/permissions.ts). No vendor is reached here: the cast's integrations hold no
// vendor token, so the owner's vendor calls stop at "link again" (409) after the ownership check,
// where another household gets 404.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { makeCast } from "../factories/users";
import { db } from "@/lib/db";
import { addDays, parisDayOf, parisToUtc } from "@/lib/time/paris";
import * as meters from "@/app/api/v1/meters/route";
import * as sync from "@/app/api/v1/meters/[id]/sync/route";
import * as exportRoute from "@/app/api/v1/meters/[id]/export/route";
import * as importRoute from "@/app/api/v1/meters/import/route";
import * as previewRoute from "@/app/api/v1/meters/import/preview/route";
import * as archives from "@/app/api/v1/users/me/archives/route";
import * as archive from "@/app/api/v1/users/me/archives/[id]/route";
import * as download from "@/app/api/v1/users/me/archives/[id]/download/route";
import * as dashboards from "@/app/api/v1/dashboards/route";
import * as integrations from "@/app/api/integrations/route";
import * as integration from "@/app/api/integrations/[id]/route";
import * as link from "@/app/api/integrations/[id]/link/route";
import * as consumption from "@/app/api/integrations/linky/my/[meter]/consumption/route";
import * as production from "@/app/api/integrations/linky/my/[meter]/production/route";
import * as homes from "@/app/api/integrations/netatmo/my/homesdata/route";
import * as plants from "@/app/api/legrand/get_plants/hc/route";
import * as myIntegrations from "@/app/api/legrand/my-integrations/route";
import * as flexEvents from "@/app/api/v1/flex_events/route";
import * as flexEvent from "@/app/api/v1/flex_events/[id]/route";
import * as flexCancel from "@/app/api/v1/flex_events/[id]/cancel/route";
import * as flexResults from "@/app/api/v1/flex_events/[id]/results/route";
import * as flexibility from "@/app/api/v1/flexibility/route";
import * as householdEvents from "@/app/api/v1/flexibility/events/route";
import * as householdEvent from "@/app/api/v1/flexibility/events/[id]/route";
import * as choice from "@/app/api/v1/flexibility/events/[id]/choice/route";
import * as sharing from "@/app/api/v1/users/me/sharing/route";
import * as sharingLog from "@/app/api/v1/users/me/sharing/log/route";
import * as partners from "@/app/api/v1/partners/route";
import * as partnerRevoke from "@/app/api/v1/partners/[id]/revoke/route";
import * as partnerLive from "@/app/api/partner/v1/live/route";
import * as partnerResults from "@/app/api/partner/v1/events/[id]/results/route";
import { createPartner } from "@/lib/services/sharing/partners";
import { SHARING_CONSENT } from "@/lib/privacy/sharing";

/** the PRM of tests/fixtures/enedis/customer-area-dst-2026.csv */
const PRM = "99999999999991";
const CSV = readFileSync(path.resolve("tests/fixtures/enedis/customer-area-dst-2026.csv"), "utf8");
const ZIP = Buffer.from("PK\x05\x06" + "\0".repeat(18), "latin1");

let cast: Cast;
/**
 * The owner's Linky (with the meter), Netatmo and Legrand integrations, meter and ready archive;
 * another household's Linky; a community event planned for tomorrow 18:00-20:00 (Paris).
 */
let fx: { linkyId: number; meterId: number; archiveId: string; otherLinkyId: number; eventId: number };

/** `HH:MM` tomorrow in Paris, as an ISO instant (an event's window is on the half hour, in the future). */
const tomorrowAt = (clock: string) => new Date(parisToUtc(`${addDays(parisDayOf(Date.now()), 1)} ${clock}:00`)!).toISOString();

beforeEach(async () => {
  cast = await makeCast();
  const linky = await db.integration.create({ data: { userId: cast.owner.id, name: "linky", resource: PRM, sandbox: true } });
  await db.integration.create({ data: { userId: cast.owner.id, name: "netatmo", sandbox: true } });
  await db.integration.create({ data: { userId: cast.owner.id, name: "legrand", sandbox: true } });
  const otherLinky = await db.integration.create({ data: { userId: cast.other.id, name: "linky", resource: "25946599093143", sandbox: true } });
  const meter = await db.meter.create({ data: { userId: cast.owner.id, integrationId: linky.id, usagePointId: PRM, sandbox: true, syncState: "done" } });
  const ready = await db.dataArchive.create({
    data: { userId: cast.owner.id, status: "ready", progress: 100, sizeBytes: BigInt(ZIP.length), readyAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000), parts: { create: { seq: 0, bytes: ZIP } } },
  });
  const event = await db.flexEvent.create({
    data: { createdById: cast.admin.id, title: "Evening peak", message: "The grid is tight tomorrow evening.", direction: "down", startsAt: new Date(tomorrowAt("18:00")), endsAt: new Date(tomorrowAt("20:00")), rewardPerKwh: 0.5 },
  });
  fx = { linkyId: linky.id, meterId: meter.id, archiveId: ready.id, otherLinkyId: otherLinky.id, eventId: event.id };
});

const at = (id: number | string) => ({ id: String(id) });
const csv = { body: CSV, headers: { "content-type": "text/csv" } };

describe("who may do what on meters", () => {
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/meters", name: "GET /meters", run: (t) => call(meters.GET, { token: t, path: "/api/v1/meters" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/meters/[id]/sync", name: "POST /meters/{owner's}/sync", run: (t) => call(sync.POST, { method: "POST", token: t, params: at(fx.meterId) }), expect: { anon: 401, owner: 202, other: 404, admin: 202 } },
    { route: "POST /api/v1/meters/[id]/sync", name: "POST /meters/{missing}/sync", run: (t) => call(sync.POST, { method: "POST", token: t, params: at(999999) }), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/meters/[id]/export", name: "GET /meters/{owner's}/export", run: (t) => call(exportRoute.GET, { token: t, path: `/api/v1/meters/${fx.meterId}/export?dialect=en`, params: at(fx.meterId) }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/meters/[id]/export", name: "GET /meters/{non-numeric}/export", run: (t) => call(exportRoute.GET, { token: t, path: "/api/v1/meters/abc/export", params: at("abc") }), expect: { owner: 404 } },
    { route: "POST /api/v1/meters/import", name: "POST /meters/import into the owner's meter", run: (t) => call(importRoute.POST, { token: t, path: `/api/v1/meters/import?meter_id=${fx.meterId}`, ...csv }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    // without meter_id the file goes to the caller's own meter of its PRM, made if need be
    { route: "POST /api/v1/meters/import", name: "POST /meters/import into one's own meter", run: (t) => call(importRoute.POST, { token: t, path: "/api/v1/meters/import", ...csv }), expect: { owner: 200, other: 200 } },
    { route: "POST /api/v1/meters/import/preview", name: "POST /meters/import/preview of the owner's meter", run: (t) => call(previewRoute.POST, { token: t, path: `/api/v1/meters/import/preview?meter_id=${fx.meterId}`, ...csv }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
  ];
  permissionTable(rows, () => cast);

  it("another household's import into the owner's meter writes nothing there", async () => {
    await call(importRoute.POST, { token: cast.other.token, path: `/api/v1/meters/import?meter_id=${fx.meterId}`, ...csv });
    const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM energy.readings WHERE meter_id = $1", fx.meterId);
    expect(n).toBe(0);
  });
});

describe("who may do what on Download my data (/api/v1/users/me/archives)", () => {
  // each caller has their own archives: an admin reaches only theirs too
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/users/me/archives", name: "GET /archives", run: (t) => call(archives.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/users/me/archives", name: "POST /archives", run: (t) => call(archives.POST, { method: "POST", token: t }), expect: { anon: 401, owner: 202, other: 202, admin: 202 } },
    { route: "GET /api/v1/users/me/archives/[id]", name: "GET /archives/{owner's}", run: (t) => call(archive.GET, { token: t, params: at(fx.archiveId) }), expect: { anon: 401, owner: 200, other: 404, admin: 404 } },
    { route: "GET /api/v1/users/me/archives/[id]", name: "GET /archives/{not a uuid}", run: (t) => call(archive.GET, { token: t, params: at("1") }), expect: { owner: 404 } },
    { route: "DELETE /api/v1/users/me/archives/[id]", name: "DELETE /archives/{owner's}", run: (t) => call(archive.DELETE, { method: "DELETE", token: t, params: at(fx.archiveId) }), expect: { anon: 401, owner: 204, other: 404, admin: 404 } },
    { route: "GET /api/v1/users/me/archives/[id]/download", name: "GET /archives/{owner's}/download", run: (t) => call(download.GET, { token: t, params: at(fx.archiveId) }), expect: { anon: 401, owner: 200, other: 404, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("the owner's download is the stored ZIP; another household's DELETE leaves it", async () => {
    await call(archive.DELETE, { method: "DELETE", token: cast.other.token, params: at(fx.archiveId) });
    await call(archive.DELETE, { method: "DELETE", token: cast.admin.token, params: at(fx.archiveId) });
    const res = await download.GET(new Request("http://foyer.test/", { headers: { authorization: `Bearer ${cast.owner.token}` } }), { params: Promise.resolve(at(fx.archiveId)) });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(ZIP);
  });
});

describe("who may do what on the dashboards list", () => {
  // no dashboard service is configured here: a signed-in caller passes the gate and gets its 503
  // (dashboards.test.ts has the 200s against a fake service)
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/dashboards", name: "GET /dashboards", run: (t) => call(dashboards.GET, { token: t, path: "/api/v1/dashboards" }), expect: { anon: 401, owner: 503, other: 503, admin: 503 } },
  ];
  permissionTable(rows, () => cast);
});

describe("who may do what on integrations", () => {
  const meter = (m: string) => ({ meter: m });
  const rows: PermissionRow[] = [
    { route: "GET /api/integrations", name: "GET /integrations", run: (t) => call(integrations.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/legrand/my-integrations", name: "GET /legrand/my-integrations", run: (t) => call(myIntegrations.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/integrations/[id]/link", name: "GET /integrations/linky/link", run: (t) => call(link.GET, { token: t, params: at("linky"), path: "/api/integrations/linky/link" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/integrations/[id]/link", name: "GET /integrations/{unknown vendor}/link", run: (t) => call(link.GET, { token: t, params: at("enphase"), path: "/api/integrations/enphase/link" }), expect: { owner: 404 } },
    { route: "DELETE /api/integrations/[id]", name: "DELETE /integrations/{owner's}", run: (t) => call(integration.DELETE, { method: "DELETE", token: t, params: at(fx.linkyId), path: `/api/integrations/${fx.linkyId}` }), expect: { anon: 401, owner: 204, other: 404, admin: 204 } },
    { route: "DELETE /api/integrations/[id]", name: "DELETE /integrations/{missing}", run: (t) => call(integration.DELETE, { method: "DELETE", token: t, params: at(999999), path: "/api/integrations/999999" }), expect: { owner: 404, admin: 404 } },
    // another household with a Linky of its own still cannot read the owner's meter
    { route: "GET /api/integrations/linky/my/[meter]/consumption", name: "GET /integrations/linky/my/{owner's meter}/consumption", run: (t) => call(consumption.GET, { token: t, params: meter(PRM) }), expect: { anon: 401, owner: 409, other: 404, admin: 404 } },
    { route: "GET /api/integrations/linky/my/[meter]/production", name: "GET /integrations/linky/my/{owner's meter}/production", run: (t) => call(production.GET, { token: t, params: meter(PRM) }), expect: { anon: 401, owner: 409, other: 404, admin: 404 } },
    { route: "GET /api/integrations/netatmo/my/homesdata", name: "GET /integrations/netatmo/my/homesdata", run: (t) => call(homes.GET, { token: t }), expect: { anon: 401, owner: 409, other: 404, admin: 404 } },
    { route: "GET /api/legrand/get_plants/hc", name: "GET /legrand/get_plants/hc", run: (t) => call(plants.GET, { token: t }), expect: { anon: 401, owner: 409, other: 404, admin: 404 } },
  ];
  permissionTable(rows, () => cast, (r, expected) => {
    if (expected === 409) expect(r.body.results.error).toBe("needs_relink");
  });

  it("lists only the caller's own integrations; another household's DELETE leaves the owner's", async () => {
    expect((await call(integrations.GET, { token: cast.owner.token })).body.results.map((i: { name: string }) => i.name).sort()).toEqual(["legrand", "linky", "netatmo"]);
    expect((await call(integrations.GET, { token: cast.admin.token })).body).toEqual({ results: [] });
    await call(integration.DELETE, { method: "DELETE", token: cast.other.token, params: at(fx.linkyId) });
    expect(await db.integration.count({ where: { id: fx.linkyId } })).toBe(1);
  });
});

describe("who may do what on community flexibility events (the operator's: admins only)", () => {
  // after the planned event (tomorrow 18:00-20:00): no overlap
  const plan = () => ({ title: "Late peak", message: "The grid is tight later tomorrow.", direction: "down", starts_at: tomorrowAt("20:00"), ends_at: tomorrowAt("21:00"), reward_per_kwh: 0.5 });
  const results = (t: Auth | undefined, id: number, q = "") => call(flexResults.GET, { token: t, path: `/api/v1/flex_events/${id}/results${q}`, params: at(id) });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/flex_events", name: "GET /flex_events", run: (t) => call(flexEvents.GET, { token: t, path: "/api/v1/flex_events" }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/flex_events", name: "POST /flex_events", run: (t) => call(flexEvents.POST, { method: "POST", token: t, path: "/api/v1/flex_events", json: plan() }), expect: { anon: 401, owner: 403, admin: 201 } },
    { route: "POST /api/v1/flex_events", name: "POST /flex_events overlapping the planned event", run: (t) => call(flexEvents.POST, { method: "POST", token: t, path: "/api/v1/flex_events", json: { ...plan(), starts_at: tomorrowAt("19:00") } }), expect: { owner: 403, admin: 409 } },
    { route: "POST /api/v1/flex_events", name: "POST /flex_events off the half hour", run: (t) => call(flexEvents.POST, { method: "POST", token: t, path: "/api/v1/flex_events", json: { ...plan(), starts_at: tomorrowAt("20:10") } }), expect: { owner: 403, admin: 422 } },
    { route: "GET /api/v1/flex_events/[id]", name: "GET /flex_events/{id}", run: (t) => call(flexEvent.GET, { token: t, params: at(fx.eventId) }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/flex_events/[id]", name: "GET /flex_events/{missing}", run: (t) => call(flexEvent.GET, { token: t, params: at(999999) }), expect: { owner: 403, admin: 404 } },
    { route: "POST /api/v1/flex_events/[id]/cancel", name: "POST /flex_events/{id}/cancel", run: (t) => call(flexCancel.POST, { method: "POST", token: t, params: at(fx.eventId) }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/flex_events/[id]/cancel", name: "POST /flex_events/{missing}/cancel", run: (t) => call(flexCancel.POST, { method: "POST", token: t, params: at(999999) }), expect: { owner: 403, admin: 404 } },
    { route: "GET /api/v1/flex_events/[id]/results", name: "GET /flex_events/{id}/results", run: (t) => results(t, fx.eventId), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/flex_events/[id]/results", name: "GET /flex_events/{id}/results?format=csv", run: (t) => results(t, fx.eventId, "?format=csv"), expect: { anon: 401, owner: 403, admin: 200 } },
    { route: "GET /api/v1/flex_events/[id]/results", name: "GET /flex_events/{missing}/results", run: (t) => results(t, 999999), expect: { owner: 403, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("a household's cancel leaves the event planned", async () => {
    await call(flexCancel.POST, { method: "POST", token: cast.owner.token, params: at(fx.eventId) });
    expect((await db.flexEvent.findUniqueOrThrow({ where: { id: fx.eventId } })).cancelledAt).toBeNull();
  });
});

describe("who may do what on the household's flexibility (any signed-in household)", () => {
  // the events are the community's: every household sees each one; only the owner has a Linky
  // meter, which taking part needs (409 flex_no_meter for the others); saying no needs none
  const put = (t: Auth | undefined, id: number, opted_in: boolean) => call(choice.PUT, { method: "PUT", token: t, params: at(id), json: { opted_in } });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/flexibility", name: "GET /flexibility", run: (t) => call(flexibility.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "PATCH /api/v1/flexibility", name: "PATCH /flexibility", run: (t) => call(flexibility.PATCH, { method: "PATCH", token: t, json: { auto_opt_in: true } }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/flexibility/events", name: "GET /flexibility/events", run: (t) => call(householdEvents.GET, { token: t, path: "/api/v1/flexibility/events?only=open" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/flexibility/events/[id]", name: "GET /flexibility/events/{id}", run: (t) => call(householdEvent.GET, { token: t, params: at(fx.eventId) }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/flexibility/events/[id]", name: "GET /flexibility/events/{missing}", run: (t) => call(householdEvent.GET, { token: t, params: at(999999) }), expect: { owner: 404 } },
    { route: "PUT /api/v1/flexibility/events/[id]/choice", name: "PUT /flexibility/events/{id}/choice taking part", run: (t) => put(t, fx.eventId, true), expect: { anon: 401, owner: 200, other: 409, admin: 409 } },
    { route: "PUT /api/v1/flexibility/events/[id]/choice", name: "PUT /flexibility/events/{id}/choice not taking part", run: (t) => put(t, fx.eventId, false), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "PUT /api/v1/flexibility/events/[id]/choice", name: "PUT /flexibility/events/{missing}/choice", run: (t) => put(t, 999999, false), expect: { owner: 404 } },
  ];
  permissionTable(rows, () => cast, (r, expected) => {
    if (expected === 409) expect(r.body.code).toBe("flex_no_meter");
  });

  it("a choice is the caller's own: another household's leaves the owner's as it was", async () => {
    await put(cast.owner.token, fx.eventId, true);
    await put(cast.other.token, fx.eventId, false);
    const mine = await call(householdEvent.GET, { token: cast.owner.token, params: at(fx.eventId) });
    expect(mine.body.mine.choice).toMatchObject({ opted_in: true, auto: false });
  });
});

describe("who may do what on real-time sharing (the household's consent and log: any signed-in household; the partners: admins only)", () => {
  let partnerId: number;
  beforeEach(async () => {
    partnerId = (await createPartner("RTE data hub")).partner.id;
  });
  const consent = (t: Auth | undefined, given: boolean, version: number = SHARING_CONSENT.version) => call(sharing.PUT, { method: "PUT", token: t, path: "/api/v1/users/me/sharing", json: { given, version } });
  const revoke = (t: Auth | undefined, id: number) => call(partnerRevoke.POST, { method: "POST", token: t, path: `/api/v1/partners/${id}/revoke`, params: at(id) });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/users/me/sharing", name: "GET /users/me/sharing", run: (t) => call(sharing.GET, { token: t, path: "/api/v1/users/me/sharing" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "PUT /api/v1/users/me/sharing", name: "PUT /users/me/sharing giving", run: (t) => consent(t, true), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "PUT /api/v1/users/me/sharing", name: "PUT /users/me/sharing withdrawing", run: (t) => consent(t, false), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "PUT /api/v1/users/me/sharing", name: "PUT /users/me/sharing giving for another version of the text", run: (t) => consent(t, true, SHARING_CONSENT.version + 1), expect: { owner: 409, admin: 409 } },
    { route: "GET /api/v1/users/me/sharing/log", name: "GET /users/me/sharing/log", run: (t) => call(sharingLog.GET, { token: t, path: "/api/v1/users/me/sharing/log" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/partners", name: "GET /partners", run: (t) => call(partners.GET, { token: t, path: "/api/v1/partners" }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/partners", name: "POST /partners", run: (t) => call(partners.POST, { method: "POST", token: t, path: "/api/v1/partners", json: { name: "Another partner" } }), expect: { anon: 401, owner: 403, other: 403, admin: 201 } },
    { route: "POST /api/v1/partners/[id]/revoke", name: "POST /partners/{id}/revoke", run: (t) => revoke(t, partnerId), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/partners/[id]/revoke", name: "POST /partners/{missing}/revoke", run: (t) => revoke(t, 999999), expect: { owner: 403, admin: 404 } },
  ];
  permissionTable(rows, () => cast, (r, expected) => {
    if (expected === 409) expect(r.body.code).toBe("sharing_version");
    if (expected === 201) expect(typeof r.body.client_secret).toBe("string");
  });

  it("a consent is the caller's own, and a household's revoke leaves the partner active", async () => {
    await consent(cast.owner.token, true);
    await consent(cast.other.token, false);
    expect((await call(sharing.GET, { token: cast.owner.token })).body.given).toBe(true);
    await revoke(cast.owner.token, partnerId);
    expect((await db.partner.findUniqueOrThrow({ where: { id: partnerId } })).revokedAt).toBeNull();
  });
});

describe("who may do what on the partner API (a partner's token only: no user gets in, signed in or not, admin or not)", () => {
  // the users' columns hold no partner token: each is refused before the event is looked up
  // (sharing.test.ts has the partner's own calls: its token, a revoked one, a forged one)
  const results = (t: Auth | undefined, id: number) => call(partnerResults.GET, { token: t, path: `/api/partner/v1/events/${id}/results`, params: at(id) });
  const rows: PermissionRow[] = [
    { route: "GET /api/partner/v1/live", name: "GET /partner/v1/live", run: (t) => call(partnerLive.GET, { token: t, path: "/api/partner/v1/live" }), expect: { anon: 401, owner: 401, other: 401, admin: 401 } },
    { route: "GET /api/partner/v1/events/[id]/results", name: "GET /partner/v1/events/{id}/results", run: (t) => results(t, fx.eventId), expect: { anon: 401, owner: 401, other: 401, admin: 401 } },
    { route: "GET /api/partner/v1/events/[id]/results", name: "GET /partner/v1/events/{missing}/results", run: (t) => results(t, 999999), expect: { anon: 401, owner: 401, admin: 401 } },
  ];
  permissionTable(rows, () => cast, (r) => {
    expect(r.body.detail).toBe("A partner's bearer token is required");
  });

  it("reads nothing, and logs no read, for a user's token even while a household consents", async () => {
    await call(sharing.PUT, { method: "PUT", token: cast.owner.token, json: { given: true, version: SHARING_CONSENT.version } });
    await call(partnerLive.GET, { token: cast.admin.token, path: "/api/partner/v1/live" });
    expect(await db.partnerAccess.count()).toBe(0);
  });
});
