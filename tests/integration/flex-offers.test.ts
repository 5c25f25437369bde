// Flexibility offers from the week-ahead schedules (docs/flexibility.md, "Offers") against a real
// PostgreSQL: prepared from a schedule and its resource's baseline (the Linky meter at 30 minutes,
// a device's channel at 15), worked by hand; superseded when the schedule changes; sent, accepted
// or rejected, expired, activated and settled, every change dated; the operator's hours, exports
// and prices; the partner's read by consent; ownership and refusals.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { parisDayStart } from "@/lib/time/paris";
import { upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { keepPartitions } from "@/lib/services/telemetry/partitions";
import { offersRound, prepareOffers } from "@/lib/services/flex/offers";
import { SHARING_CONSENT } from "@/lib/privacy/sharing";
import { GET as offersGET } from "@/app/api/v1/flexibility/offers/route";
import { POST as sendPOST } from "@/app/api/v1/flexibility/offers/send/route";
import { PATCH as editPATCH } from "@/app/api/v1/flexibility/offers/[id]/route";
import { PATCH as settingsPATCH } from "@/app/api/v1/flexibility/route";
import { GET as adminListGET } from "@/app/api/v1/flex_offers/route";
import { GET as adminOneGET } from "@/app/api/v1/flex_offers/[id]/route";
import { POST as acceptPOST } from "@/app/api/v1/flex_offers/[id]/accept/route";
import { POST as rejectPOST } from "@/app/api/v1/flex_offers/[id]/reject/route";
import { GET as byHourGET } from "@/app/api/v1/flex_offers/by_hour/route";
import { GET as exportGET } from "@/app/api/v1/flex_offers/export/route";
import { GET as pricesGET, PUT as pricesPUT } from "@/app/api/v1/flex_offers/prices/route";
import { PUT as consentPUT } from "@/app/api/v1/users/me/sharing/route";
import { POST as partnersPOST } from "@/app/api/v1/partners/route";
import { POST as tokenPOST } from "@/app/api/partner/token/route";
import { GET as partnerOffersGET } from "@/app/api/partner/v1/offers/route";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type PermissionRow } from "../helpers/permissions";
import { makeCast, type TestUser } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { createAccessToken } from "@/lib/auth/tokens";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";

const HALF_HOUR = 1_800_000;

// Monday 23 November 2026, 11:00 in Paris: the coming week is Monday 30 November to Sunday 6 December
vi.useFakeTimers({ toFake: ["Date"] });
const NOW = new Date("2026-11-23T10:00:00Z");
vi.setSystemTime(NOW);
const WEEK = "2026-11-30";

function curveDays(from: string, to: string, wh: (t: number) => number = () => 100): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh: wh(t), quality: "BRUT" });
  return points;
}

let owner: TestUser, other: TestUser, admin: TestUser;
let meterId: number;

async function travel(iso: string) {
  vi.setSystemTime(new Date(iso));
  for (const who of [owner, other, admin]) {
    const u = await db.user.findUniqueOrThrow({ where: { id: who.id } });
    who.token = await createAccessToken({ ...u, acceptedTos: acceptedCurrentNotice(u) });
  }
}

/** A schedule as the schedules page writes it: every month and day, these hours. */
async function schedule(userId: number, derName: string, averagePower: number, hours: number[]) {
  return db.schedule.create({ data: { userId, derName, data: { der_name: derName, average_power: averagePower, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours, start_date: "2026-11-01T00:00:00.000Z" } } });
}

const week = (who: TestUser = owner, q = "") => call(offersGET, { path: `/api/v1/flexibility/offers${q}`, token: who.token });
const send = (json: unknown, who: TestUser = owner) => call(sendPOST, { method: "POST", path: "/api/v1/flexibility/offers/send", token: who.token, json });
const decide = (id: number, verb: "accept" | "reject", who: TestUser = admin) =>
  call(verb === "accept" ? acceptPOST : rejectPOST, { method: "POST", path: `/api/v1/flex_offers/${id}/${verb}`, params: { id: String(id) }, token: who.token });
type Offer = { id: number; day: string; direction: "down" | "up"; status: string; power_w: number[]; baseline_w: number[]; from: string; to: string; expires_at: string; resource_kind: string; step_min: number; period_index: number };
const find = (offers: Offer[], day: string, direction: "down" | "up") => offers.find((o) => o.day === day && o.direction === direction)!;

beforeAll(async () => {
  await keepPartitions();
});

beforeEach(async () => {
  vi.setSystemTime(NOW);
  ({ owner, other, admin } = await makeCast());
  meterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: String(24880057139941 + owner.id), sandbox: true, producer: false, syncState: "done" } })).id;
  // 60 days of 100 Wh per half hour (200 W) before today
  await upsertCurve(meterId, "consumption", curveDays("2026-09-24", "2026-11-23"), "sandbox");
});

describe("preparing the coming week's offers", () => {
  it("makes a draft per day and direction from a schedule measured on the meter: down at most the baseline, up the rest of its power", async () => {
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
    const r = await week();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ week: WEEK, coming: true, auto_send: false, schedules: [{ der_name: "Water heater", resource: { kind: "meter", id: meterId, name: null }, offers: 14, problem: null, accuracy: null }] });
    expect(r.body.offers).toHaveLength(14);
    const monday = find(r.body.offers, WEEK, "down");
    // the baseline: 100 Wh per half hour = 200 W; down min(1500, 200) = 200 W in each of 18:00-20:00's four half hours
    expect(monday).toMatchObject({ status: "draft", resource_kind: "meter", step_min: 30, from: "18:00", to: "20:00", period_index: 36, power_w: [200, 200, 200, 200], baseline_w: [200, 200, 200, 200] });
    expect(monday.expires_at).toBe("2026-11-29T11:00:00.000Z"); // Sunday noon in Paris
    // up: 1500 − 200 = 1300 W
    expect(find(r.body.offers, WEEK, "up").power_w).toEqual([1300, 1300, 1300, 1300]);
    // each offer's creation is a dated change
    expect(await db.flexOfferChange.count({ where: { status: "draft" } })).toBe(14);
  });

  it("prepares nothing twice, and supersedes the drafts of a schedule that changed (kept as history)", async () => {
    const s = await schedule(owner.id, "Water heater", 1500, [18, 19]);
    const first = (await week()).body.offers.map((o: Offer) => o.id);
    expect((await week()).body.offers.map((o: Offer) => o.id)).toEqual(first);
    // a minute later, the household edits the schedule
    await travel("2026-11-23T10:01:00Z");
    await db.schedule.update({ where: { id: s.id }, data: { data: { der_name: "Water heater", average_power: 1500, months: [12], days: [0], hours: [7], start_date: "2026-11-01T00:00:00.000Z" } } });
    const after = await week();
    // only December's Mondays now: none this week (30 November is in November)
    expect(after.body.offers).toEqual([]);
    expect(after.body.schedules[0].problem).toBe("not_this_week");
    expect(await db.flexOffer.count({ where: { status: "superseded" } })).toBe(14);
    expect(await db.flexOfferChange.count({ where: { status: "superseded" } })).toBe(14);
  });

  it("supersedes the drafts of a household's last schedule once it is deleted, and never sends a stale draft", async () => {
    const s = await schedule(owner.id, "Water heater", 1500, [18, 19]);
    const drafts: Offer[] = (await week()).body.offers;
    // edited behind the page's back: a send of the page's drafts sends none of them
    await travel("2026-11-23T10:01:00Z");
    await db.schedule.update({ where: { id: s.id }, data: { data: { der_name: "Water heater", average_power: 1500, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours: [7], start_date: "2026-11-01T00:00:00.000Z" } } });
    const stale = await send({ ids: [drafts[0].id] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("flex_offer_status");
    expect(await db.flexOffer.count({ where: { status: "offered" } })).toBe(0);
    const now7 = (await week()).body.offers as Offer[];
    expect(now7.every((o) => o.from === "07:00")).toBe(true);
    // the last schedule deleted: its drafts go with the next read (or the weekly round)
    await db.schedule.delete({ where: { id: s.id } });
    const after = await week();
    expect(after.body).toMatchObject({ schedules: [], offers: [] });
    expect(await db.flexOffer.count({ where: { status: "draft" } })).toBe(0);
  });

  it("measures a schedule named after a device's channel on its quarter hours", async () => {
    const d = await makeDevice(owner.id, { measurements: [{ name: "ev", displayName: "EV charger", measureType: "ev", classification: "consumption" }] });
    const m = d.measurements[0];
    // 60 days of 250 Wh per quarter hour (1,000 W)
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh) SELECT ${m.id}, t, 250 FROM generate_series(${new Date(parisDayStart("2026-09-24"))}::timestamptz, ${new Date(parisDayStart("2026-11-23") - 1)}::timestamptz, interval '15 minutes') t`;
    await schedule(owner.id, "ev charger", 7400, [0, 1]);
    const r = await week();
    expect(r.body.schedules[0]).toMatchObject({ resource: { kind: "measurement", id: m.id, name: "EV charger" }, offers: 14, problem: null });
    // the channel's baseline tried on its last 14 days: the same 1,000 W every day, guessed exactly
    expect(r.body.schedules[0].accuracy).toEqual({ predictability: "good", testable_days: 14, bias: 0, relative_rmse: 0, normalised_mae: 0 });
    const o = find(r.body.offers, "2026-12-01", "down");
    // 00:00-02:00 at 15 minutes: eight periods of min(7400, 1000) down, 6400 up
    expect(o).toMatchObject({ resource_kind: "measurement", step_min: 15, period_index: 0, power_w: Array(8).fill(1000) });
    expect(find(r.body.offers, "2026-12-01", "up").power_w).toEqual(Array(8).fill(6400));

    // accepted, then settled from the channel's quarters once every minute of the window is in
    await send({ ids: [o.id] });
    expect((await decide(o.id, "accept")).status).toBe(200);
    await travel("2026-11-30T23:00:00Z");
    expect((await offersRound()).activated).toBe(1);
    // the charger drew 100 Wh a quarter (400 W) in 00:00-02:00 Paris, its usual 250 elsewhere
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh) SELECT ${m.id}, t, 100 FROM generate_series('2026-11-30T23:00:00Z'::timestamptz, '2026-12-01T00:45:00Z'::timestamptz, interval '15 minutes') t`;
    await travel("2026-12-01T01:00:05Z");
    expect((await offersRound()).settled).toBe(0);
    await db.$executeRaw`INSERT INTO telemetry.minutes (measurement_id, start, import_wh) SELECT ${m.id}, t, 100.0 / 15 FROM generate_series('2026-11-30T23:00:00Z'::timestamptz, '2026-12-01T00:59:00Z'::timestamptz, interval '1 minute') t`;
    expect((await offersRound()).settled).toBe(1);
    // (250 − 100) Wh in each of the 8 quarters: 1,200 Wh, each within the 250 Wh offered
    expect(await db.flexOffer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ status: "settled", deliveredWh: 1200 });
  });

  it("says why a schedule gives nothing: no meter nor channel, too few comparable days", async () => {
    await schedule(other.id, "Pool pump", 800, [14]);
    expect((await week(other)).body.schedules[0]).toMatchObject({ resource: null, offers: 0, problem: "no_resource" });
    const d = await makeDevice(owner.id, { measurements: [{ name: "hp", displayName: "Heat pump", measureType: "other", classification: "consumption" }] });
    expect(d.measurements).toHaveLength(1);
    await schedule(owner.id, "Heat pump", 3000, [6]);
    // a channel without readings: no comparable day (a working day needs 10)
    expect((await week()).body.schedules[0]).toMatchObject({ resource: { kind: "measurement" }, offers: 0, problem: "insufficient", days: 0, needed: 10 });
  });

  it("refuses a week that is not a Monday, and shows a past week without preparing it", async () => {
    const r = await week(owner, "?week=2026-12-01");
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: "week", message: "week must be a Monday (the week's first day)" }]);
    expect((await week(owner, "?week=2026-13-01")).status).toBe(422);
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
    expect((await week(owner, "?week=2026-11-23")).body).toMatchObject({ week: "2026-11-23", coming: false, offers: [], schedules: [] });
    expect(await db.flexOffer.count()).toBe(0);
  });
});

describe("sending offers", () => {
  beforeEach(async () => {
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
  });

  it("sends every draft of the coming week, each change dated and by whom", async () => {
    await week();
    const r = await send({});
    expect(r.status).toBe(200);
    expect(r.body.offers.every((o: Offer) => o.status === "offered")).toBe(true);
    expect(await db.flexOfferChange.count({ where: { status: "offered", byId: owner.id } })).toBe(14);
  });

  it("refuses an offer that is not a draft or not the household's, and sends nothing then", async () => {
    const [a, b] = (await week()).body.offers as Offer[];
    expect((await send({ ids: [a.id] })).status).toBe(200);
    const again = await send({ ids: [b.id, a.id] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: `Offer ${a.id} is offered: only a draft can be sent`, code: "flex_offer_status" });
    expect((await db.flexOffer.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("draft");
    // another household cannot send it, nor see it
    expect((await send({ ids: [b.id] }, other)).status).toBe(404);
    expect((await week(other)).body.offers).toEqual([]);
  });

  it("lets the household lower a draft's power, within what the resource can offer, as a new draft (the old one kept)", async () => {
    const monday = find((await week()).body.offers, WEEK, "down");
    const edit = (json: unknown, who: TestUser = owner, id = monday.id) => call(editPATCH, { method: "PATCH", path: `/api/v1/flexibility/offers/${id}`, params: { id: String(id) }, token: who.token, json });
    // the baseline is 200 W: 300 W at 18:00 is more than the water heater would draw
    const over = await edit({ power_w: [300, 200, 200, 200] });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ detail: "300 W at 18:00 is over what Water heater can offer then (200 W)", errors: [{ path: "power_w.0", message: "300 W at 18:00 is over what Water heater can offer then (200 W)" }] });
    expect((await edit({ power_w: [100, 100] })).body.errors).toEqual([{ path: "power_w", message: "power_w must hold 4 values, one per period of the window" }]);
    expect((await edit({ power_w: [0, 0, 0, 0] })).body.errors).toEqual([{ path: "power_w", message: "An offer needs power in at least one period" }]);
    expect((await edit({ power_w: [1.5, 0, 0, 0] })).status).toBe(422);
    expect((await edit({ power_w: [20000, 0, 0, 0] })).body.errors).toEqual([{ path: "power_w.0", message: "power_w must hold whole watts from 0 to 10000" }]);
    expect((await edit({ power_w: [100, 100, 0, 0] }, other)).status).toBe(404);
    const r = await edit({ power_w: [100, 100, 0, 0] });
    expect(r.status).toBe(200);
    const edited = find(r.body.offers, WEEK, "down");
    expect(edited.id).not.toBe(monday.id);
    expect(edited).toMatchObject({ status: "draft", power_w: [100, 100, 0, 0], baseline_w: [200, 200, 200, 200] });
    const old = await db.flexOffer.findUniqueOrThrow({ where: { id: monday.id }, include: { changes: true } });
    expect(old.status).toBe("superseded");
    expect(old.changes.map((c) => [c.status, c.byId])).toEqual([["draft", null], ["superseded", owner.id]]);
    // the week's next read keeps the household's draft (not made again from the schedule)
    expect(find((await week()).body.offers, WEEK, "down").id).toBe(edited.id);
    // once sent, it stays as it was sent
    await send({ ids: [edited.id] });
    const sent = await edit({ power_w: [50, 50, 0, 0] }, owner, edited.id);
    expect(sent.status).toBe(409);
    expect(sent.body.code).toBe("flex_offer_status");
  });

  it("keeps a draft's power at 0 in the hours its schedule leaves out", async () => {
    await db.schedule.deleteMany({ where: { userId: owner.id } });
    await schedule(owner.id, "Pool pump", 800, [7, 9]);
    const o = find((await week()).body.offers, WEEK, "down");
    // 07:00-10:00: 08:00 and 08:30 are not the schedule's
    expect(o.power_w).toEqual([200, 200, 0, 0, 200, 200]);
    const r = await call(editPATCH, { method: "PATCH", path: `/api/v1/flexibility/offers/${o.id}`, params: { id: String(o.id) }, token: owner.token, json: { power_w: [100, 100, 100, 0, 100, 100] } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: "power_w.2", message: "08:00 is not in Pool pump's schedule: its power there stays 0" }]);
  });

  it.each([
    [{ ids: [] }, "ids", "ids must name at least one offer"],
    [{ ids: ["1"] }, "ids.0", "ids must hold offer ids"],
    [{ ids: 3 }, "ids", "ids must be a list of offer ids"],
    [{ all: true }, "", "Unknown field: all"],
  ])("refuses a body that is not one (%j)", async (json, path, message) => {
    const r = await send(json);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path, message }]);
  });

  it("sends them each week by the setting: at once for the coming week, and as soon as later ones are prepared", async () => {
    await week();
    const r = await call(settingsPATCH, { method: "PATCH", path: "/api/v1/flexibility", token: owner.token, json: { auto_send_offers: true } });
    expect(r.status).toBe(200);
    expect(r.body.auto_send_offers).toBe(true);
    expect(await db.flexOffer.count({ where: { status: "offered" } })).toBe(14);
    // the week after, prepared by the weekly round: sent by Foyer (by no one)
    await travel("2026-12-03T06:00:00Z");
    await prepareOffers([owner.id], "2026-12-07");
    const next = await db.flexOffer.findMany({ where: { week: new Date("2026-12-07T00:00:00Z") }, include: { changes: { orderBy: { id: "asc" } } } });
    expect(next).toHaveLength(14);
    expect(next[0].status).toBe("offered");
    expect(next[0].changes.map((c) => [c.status, c.byId])).toEqual([["draft", null], ["offered", null]]);
    expect((await call(settingsPATCH, { method: "PATCH", path: "/api/v1/flexibility", token: owner.token, json: {} })).status).toBe(422);
  });
});

describe("the operator", () => {
  let offers: Offer[];
  beforeEach(async () => {
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
    await week();
    offers = (await send({})).body.offers;
  });

  it("lists the offers sent, sees the community's kW by hour, accepts and rejects them", async () => {
    const list = await call(adminListGET, { path: `/api/v1/flex_offers?week=${WEEK}&_start=0&_end=5`, token: admin.token });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("14");
    expect(list.body[0]).toMatchObject({ email: owner.email, user_id: owner.id, status: "offered" });
    const down = find(offers, WEEK, "down"), up = find(offers, WEEK, "up");
    expect((await decide(down.id, "accept")).body).toMatchObject({ status: "accepted", history: [{ status: "draft" }, { status: "offered" }, { status: "accepted" }] });
    expect((await decide(up.id, "reject")).body.status).toBe("rejected");
    const again = await decide(down.id, "reject");
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("flex_offer_status");
    const hours = (await call(byHourGET, { path: `/api/v1/flex_offers/by_hour?week=${WEEK}`, token: admin.token })).body;
    expect(hours.hours).toHaveLength(168);
    // Monday 18:00 in Paris: 200 W down offered and accepted; the up offer rejected is no longer offered
    const h18 = hours.hours.find((h: { local: string }) => h.local === "2026-11-30 18:00");
    expect(h18).toMatchObject({ down_offered_kw: 0.2, down_accepted_kw: 0.2, up_offered_kw: 0, up_accepted_kw: 0 });
    // Tuesday 18:00: both offered, none accepted
    expect(hours.hours.find((h: { local: string }) => h.local === "2026-12-01 18:00")).toMatchObject({ down_offered_kw: 0.2, up_offered_kw: 1.3, down_accepted_kw: 0 });
    expect(hours.offers).toBe(13);
  });

  it("exports the week as CSV and as UFTP FlexOffers", async () => {
    const csv = await call(exportGET, { path: `/api/v1/flex_offers/export?week=${WEEK}`, token: admin.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines).toHaveLength(15);
    expect(lines[0].startsWith("offer_id,user_id,email,resource,direction,day,from,to")).toBe(true);
    const uftp = await call(exportGET, { path: `/api/v1/flex_offers/export?week=${WEEK}&format=uftp`, token: admin.token });
    expect(uftp.body.FlexOffers).toHaveLength(14);
    const monday = uftp.body.FlexOffers.find((f: { FlexOffer: { Period: string; OfferOption: { ISP: { Power: number }[] }[] } }) => f.FlexOffer.Period === WEEK && f.FlexOffer.OfferOption[0].ISP[0].Power < 0);
    // 18:00 is the day's 37th half hour; four of 200 W less, merged
    expect(monday.FlexOffer).toMatchObject({ "ISP-Duration": "PT30M", ExpirationDateTime: "2026-11-29T11:00:00.000Z", Currency: "EUR", OfferOption: [{ ISP: [{ Power: -200, Start: 37, Duration: 4 }] }] });
    expect((await call(exportGET, { path: `/api/v1/flex_offers/export?format=xml`, token: admin.token })).status).toBe(422);
  });

  it("never shows the operator a draft", async () => {
    await schedule(other.id, "Boiler", 2000, [6]);
    const otherMeter = (await db.meter.create({ data: { userId: other.id, usagePointId: "24880057130001", sandbox: true, producer: false, syncState: "done" } })).id;
    await upsertCurve(otherMeter, "consumption", curveDays("2026-09-24", "2026-11-23"), "sandbox");
    const draft = ((await week(other)).body.offers as Offer[])[0];
    expect((await call(adminOneGET, { path: `/api/v1/flex_offers/${draft.id}`, params: { id: String(draft.id) }, token: admin.token })).status).toBe(404);
    expect((await call(adminListGET, { path: `/api/v1/flex_offers?user_id=${other.id}`, token: admin.token })).body).toEqual([]);
    const asked = await call(adminListGET, { path: "/api/v1/flex_offers?status=draft", token: admin.token });
    expect(asked.status).toBe(422);
    expect(asked.body.errors[0].path).toBe("status");
  });

  it("is the operator's alone", async () => {
    expect((await call(adminListGET, { path: "/api/v1/flex_offers", token: owner.token })).status).toBe(403);
    expect((await decide(offers[0].id, "accept", owner)).status).toBe(403);
    expect((await call(adminOneGET, { path: `/api/v1/flex_offers/${offers[0].id}`, params: { id: String(offers[0].id) }, token: owner.token })).status).toBe(403);
    expect((await call(pricesPUT, { method: "PUT", path: "/api/v1/flex_offers/prices", token: owner.token, json: { availability_eur_per_mw_h: 1, utilisation_eur_per_mwh: 1 } })).status).toBe(403);
  });
});

describe("an offer's life after the answer", () => {
  it("expires unanswered at noon the day before; an accepted one activates at its start and is settled from the readings", async () => {
    const prices = await call(pricesPUT, { method: "PUT", path: "/api/v1/flex_offers/prices", token: admin.token, json: { availability_eur_per_mw_h: 10, utilisation_eur_per_mwh: 300 } });
    expect(prices.body).toMatchObject({ availability_eur_per_mw_h: 10, utilisation_eur_per_mwh: 300 });
    expect((await call(pricesGET, { path: "/api/v1/flex_offers/prices", token: admin.token })).body.utilisation_eur_per_mwh).toBe(300);
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
    await week();
    const offers: Offer[] = (await send({})).body.offers;
    const down = find(offers, WEEK, "down");
    expect((await decide(down.id, "accept")).status).toBe(200);

    // Sunday 29 November, 12:00:01 in Paris: Monday's unanswered up offer expired, the accepted one stays
    await travel("2026-11-29T11:00:01Z");
    expect(await offersRound()).toMatchObject({ expired: 1, activated: 0 });
    expect((await db.flexOffer.findFirstOrThrow({ where: { day: new Date(`${WEEK}T00:00:00Z`), direction: "up" } })).status).toBe("expired");
    const late = await decide(find(offers, "2026-12-01", "up").id, "accept");
    expect(late.status).toBe(200); // Tuesday's is still open until Monday noon
    const expired = await decide(find(offers, WEEK, "up").id, "accept");
    expect(expired.status).toBe(409);

    // Monday 18:00: activated
    await travel("2026-11-30T17:00:00Z");
    expect((await offersRound()).activated).toBe(1);
    // the household used 25 Wh per half hour (50 W) in the window, its usual 100 elsewhere
    await upsertCurve(meterId, "consumption", curveDays("2026-11-23", "2026-12-01", (t) => (t >= Date.parse("2026-11-30T17:00:00Z") && t < Date.parse("2026-11-30T19:00:00Z") ? 25 : 100)), "sandbox");
    await travel("2026-12-01T08:00:00Z");
    expect((await offersRound()).settled).toBe(1);
    const settled = await call(adminOneGET, { path: `/api/v1/flex_offers/${down.id}`, params: { id: String(down.id) }, token: admin.token });
    // delivered (100 − 25) × 4 = 300 Wh, each half hour's 75 within the 100 Wh offered; availability 0.0004 MWh × 10 = 0.004 €,
    // utilisation 0.0003 MWh × 300 = 0.09 €: 0.094 → 0.09 €
    expect(settled.body).toMatchObject({ status: "settled", actual_wh: [25, 25, 25, 25], delivered_wh: 300, reward_eur: 0.09, availability_eur_per_mw_h: 10, utilisation_eur_per_mwh: 300 });
    expect(settled.body.history.map((h: { status: string }) => h.status)).toEqual(["draft", "offered", "accepted", "activated", "settled"]);
  });

  it("refuses prices out of bounds", async () => {
    const r = await call(pricesPUT, { method: "PUT", path: "/api/v1/flex_offers/prices", token: admin.token, json: { availability_eur_per_mw_h: -1, utilisation_eur_per_mwh: "a" } });
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["availability_eur_per_mw_h", "utilisation_eur_per_mwh"]);
  });
});

describe("the partner's read of the offers", () => {
  it("holds only the offers consenting households sent, under its pseudonym, from the request after a withdrawal none", async () => {
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
    await week();
    await send({});
    const otherMeter = (await db.meter.create({ data: { userId: other.id, usagePointId: "24880057130000", sandbox: true, producer: false, syncState: "done" } })).id;
    await upsertCurve(otherMeter, "consumption", curveDays("2026-09-24", "2026-11-23"), "sandbox");
    await schedule(other.id, "Boiler", 2000, [6]);
    await week(other);
    await send({}, other);
    const p = (await call(partnersPOST, { method: "POST", path: "/api/v1/partners", token: admin.token, json: { name: "TSO hub" } })).body;
    const token = (await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "client_credentials", client_id: p.client_id, client_secret: p.client_secret } })).body.access_token;
    const read = () => call(partnerOffersGET, { path: `/api/partner/v1/offers?week=${WEEK}`, headers: { authorization: `Bearer ${token}` } });
    expect((await read()).body).toEqual({ week: WEEK, offers: [] });
    await call(consentPUT, { method: "PUT", path: "/api/v1/users/me/sharing", token: owner.token, json: { given: true, version: SHARING_CONSENT.version } });
    const shared = await read();
    expect(shared.body.offers).toHaveLength(14);
    const names = new Set(shared.body.offers.map((o: { household: string }) => o.household));
    expect(names.size).toBe(1);
    expect([...names][0]).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(shared.body)).not.toContain(owner.email);
    // nor the name the household gave its resource: a pseudonym of its own
    expect(JSON.stringify(shared.body)).not.toContain("Water heater");
    expect(shared.body.offers[0].FlexOffer.OfferOption[0].OptionReference).toMatch(/^[0-9a-f]{16}\/resource-[0-9a-f]{8}$/);
    expect(await db.partnerAccess.count({ where: { userId: owner.id, what: "offers" } })).toBe(1);
    await call(consentPUT, { method: "PUT", path: "/api/v1/users/me/sharing", token: owner.token, json: { given: false, version: SHARING_CONSENT.version } });
    expect((await read()).body.offers).toEqual([]);
  });
});

describe("who may do what with offers (the household's own; the operator's list and answers; the partner's by its own token)", () => {
  let cast: { owner: TestUser; other: TestUser; admin: TestUser };
  let offerId: number, otherOfferId: number;
  beforeEach(async () => {
    cast = { owner, other, admin };
    await schedule(owner.id, "Water heater", 1500, [18, 19]);
    const offers: Offer[] = (await week()).body.offers;
    [offerId, otherOfferId] = [offers[0].id, offers[1].id];
    await send({ ids: [offerId, otherOfferId] });
  });
  const at = (id: number) => ({ id: String(id) });
  const get = (handler: Parameters<typeof call>[0], path: string) => (t?: Auth) => call(handler, { token: t, path });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/flexibility/offers", name: "GET /flexibility/offers", run: get(offersGET, "/api/v1/flexibility/offers"), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/flexibility/offers/send", name: "POST /flexibility/offers/send (all of one's own)", run: (t) => call(sendPOST, { method: "POST", token: t, json: {} }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/flexibility/offers/send", name: "POST /flexibility/offers/send (the owner's offer)", run: (t) => call(sendPOST, { method: "POST", token: t, json: { ids: [offerId] } }), expect: { other: 404, admin: 404 } },
    { route: "PATCH /api/v1/flexibility/offers/[id]", name: "PATCH /flexibility/offers/{the owner's offered one}", run: (t) => call(editPATCH, { method: "PATCH", token: t, params: at(offerId), json: { power_w: [100, 100, 100, 100] } }), expect: { anon: 401, owner: 409, other: 404, admin: 404 } },
    { route: "GET /api/v1/flex_offers", name: "GET /flex_offers", run: get(adminListGET, "/api/v1/flex_offers"), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/flex_offers/[id]", name: "GET /flex_offers/{id}", run: (t) => call(adminOneGET, { token: t, params: at(offerId) }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/flex_offers/[id]", name: "GET /flex_offers/{missing}", run: (t) => call(adminOneGET, { token: t, params: at(999999) }), expect: { owner: 403, admin: 404 } },
    { route: "POST /api/v1/flex_offers/[id]/accept", name: "POST /flex_offers/{id}/accept", run: (t) => call(acceptPOST, { method: "POST", token: t, params: at(offerId) }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/flex_offers/[id]/reject", name: "POST /flex_offers/{id}/reject", run: (t) => call(rejectPOST, { method: "POST", token: t, params: at(otherOfferId) }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "POST /api/v1/flex_offers/[id]/reject", name: "POST /flex_offers/{missing}/reject", run: (t) => call(rejectPOST, { method: "POST", token: t, params: at(999999) }), expect: { owner: 403, admin: 404 } },
    { route: "GET /api/v1/flex_offers/by_hour", name: "GET /flex_offers/by_hour", run: get(byHourGET, "/api/v1/flex_offers/by_hour"), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/flex_offers/export", name: "GET /flex_offers/export", run: get(exportGET, "/api/v1/flex_offers/export?format=uftp"), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/flex_offers/prices", name: "GET /flex_offers/prices", run: get(pricesGET, "/api/v1/flex_offers/prices"), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "PUT /api/v1/flex_offers/prices", name: "PUT /flex_offers/prices", run: (t) => call(pricesPUT, { method: "PUT", token: t, json: { availability_eur_per_mw_h: null, utilisation_eur_per_mwh: 100 } }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/partner/v1/offers", name: "GET /partner/v1/offers (a user's credentials)", run: get(partnerOffersGET, "/api/partner/v1/offers"), expect: { anon: 401, owner: 401, other: 401, admin: 401 } },
  ];
  permissionTable(rows, () => cast);

  it("a household's or another's send leaves the owner's offer as it was; an admin's answers are its own", async () => {
    await call(sendPOST, { method: "POST", token: other.token, json: { ids: [offerId] } });
    expect((await db.flexOffer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe("offered");
    await call(acceptPOST, { method: "POST", token: owner.token, params: at(offerId) });
    expect((await db.flexOffer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe("offered");
  });
});
