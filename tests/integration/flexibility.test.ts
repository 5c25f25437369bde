// Community flexibility events (docs/flexibility.md) against a real PostgreSQL: the operator plans,
// households choose, see their baseline before and their settlement after, worked by hand; the
// invitations over SMTP in each household's language; the refusals; history kept; ownership.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { parisDayStart } from "@/lib/time/paris";
import { upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { sendInvitations } from "@/lib/services/flex/invitations";
import { settleDueEvents } from "@/lib/services/flex/settlement";
import { measureAllAccuracy } from "@/lib/services/flex/accuracy";
import { GET as listAdmin, POST as createPOST } from "@/app/api/v1/flex_events/route";
import { GET as oneAdmin } from "@/app/api/v1/flex_events/[id]/route";
import { POST as cancelPOST } from "@/app/api/v1/flex_events/[id]/cancel/route";
import { GET as resultsGET } from "@/app/api/v1/flex_events/[id]/results/route";
import { GET as settingsGET, PATCH as settingsPATCH } from "@/app/api/v1/flexibility/route";
import { GET as eventsGET } from "@/app/api/v1/flexibility/events/route";
import { GET as eventGET } from "@/app/api/v1/flexibility/events/[id]/route";
import { PUT as choicePUT } from "@/app/api/v1/flexibility/events/[id]/choice/route";
import { call } from "../helpers/api";
import { makeDevice } from "../factories/devices";
import { ensureDeviceMqtt } from "@/lib/services/telemetry/connection";
import { keepPartitions } from "@/lib/services/telemetry/partitions";
import { mailbox } from "../helpers/integration-setup";
import { makeCast, makeUser, type TestUser } from "../factories/users";
import { createAccessToken } from "@/lib/auth/tokens";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";

const HALF_HOUR = 1_800_000;

// Monday 23 November 2026, 11:00 in Paris
vi.useFakeTimers({ toFake: ["Date"] });
const NOW = new Date("2026-11-23T10:00:00Z");
vi.setSystemTime(NOW);

/** Half hours of Paris days [from, to) at `wh(t)`. */
function curveDays(from: string, to: string, wh: (t: number) => number = () => 100): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh: wh(t), quality: "BRUT" });
  return points;
}

let owner: TestUser, other: TestUser, admin: TestUser;
let meterId: number;

/** The clock moved to `iso`, and the cast's access tokens issued again (theirs expire with time). */
async function travel(iso: string) {
  vi.setSystemTime(new Date(iso));
  for (const who of [owner, other, admin]) {
    const u = await db.user.findUniqueOrThrow({ where: { id: who.id } });
    who.token = await createAccessToken({ ...u, acceptedTos: acceptedCurrentNotice(u) });
  }
}

async function makeMeter(userId: number) {
  return (await db.meter.create({ data: { userId, usagePointId: String(24880057139941 + userId), sandbox: true, producer: false, syncState: "done" } })).id;
}

/** Tuesday 24 November 2026, 18:00-20:00 in Paris (17:00-19:00 UTC): periods 36 to 40 of the day. */
const EVENT = { title: "Evening peak", message: "The grid is tight on Tuesday evening.", direction: "down", starts_at: "2026-11-24T18:00:00+01:00", ends_at: "2026-11-24T20:00:00+01:00", reward_per_kwh: 0.5 };

const create = (json: unknown, who: TestUser | null = admin) => call(createPOST, { method: "POST", path: "/api/v1/flex_events", token: who?.token, json });
const choose = (id: number, opted_in: unknown, who: TestUser = owner) =>
  call(choicePUT, { method: "PUT", path: `/api/v1/flexibility/events/${id}/choice`, params: { id: String(id) }, token: who.token, json: { opted_in } });
const mine = (id: number, who: TestUser = owner) => call(eventGET, { path: `/api/v1/flexibility/events/${id}`, params: { id: String(id) }, token: who.token });
const results = (id: number, format = "json") => call(resultsGET, { path: `/api/v1/flex_events/${id}/results?format=${format}`, params: { id: String(id) }, token: admin.token });

beforeAll(async () => {
  await keepPartitions();
});

beforeEach(async () => {
  vi.setSystemTime(NOW);
  ({ owner, other, admin } = await makeCast());
  meterId = await makeMeter(owner.id);
  // 60 days of 100 Wh per half hour before the event
  await upsertCurve(meterId, "consumption", curveDays("2026-09-25", "2026-11-24"), "sandbox");
});

describe("planning an event (admin)", () => {
  it("answers 201 with the window in Paris time, and lists it", async () => {
    const r = await create(EVENT);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: "Evening peak", direction: "down", day: "2026-11-24", from: "18:00", to: "20:00", starts_at: "2026-11-24T17:00:00.000Z", status: "upcoming", participants: 0, reward_per_kwh: 0.5 });
    const list = await call(listAdmin, { path: "/api/v1/flex_events?_start=0&_end=10", token: admin.token });
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body[0].id).toBe(r.body.id);
  });

  it.each([
    ["in the past", { starts_at: "2026-11-23T08:00:00+01:00", ends_at: "2026-11-23T09:00:00+01:00" }, "starts_at", "An event cannot start in the past"],
    ["off the half hour", { starts_at: "2026-11-24T18:10:00+01:00" }, "starts_at", "An event starts on the hour or the half hour"],
    ["ending before it starts", { ends_at: "2026-11-24T17:00:00+01:00" }, "ends_at", "An event must end after it starts"],
    ["longer than a day", { ends_at: "2026-11-25T20:00:00+01:00" }, "ends_at", "An event lasts at most one day"],
    ["across midnight", { ends_at: "2026-11-25T01:00:00+01:00" }, "ends_at", "An event starts and ends on the same day (Europe/Paris)"],
  ])("refuses an event %s (422, nothing written)", async (_, change, path, message) => {
    const r = await create({ ...EVENT, ...change });
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toEqual([{ path, message }]);
    expect(await db.flexEvent.count()).toBe(0);
  });

  it("refuses a body that is not an event: every field's problem", async () => {
    const r = await create({ title: " ", direction: "sideways", starts_at: "tomorrow", reward_per_kwh: -1, extra: 1 });
    expect(r.status).toBe(422);
    const paths = r.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["title", "message", "direction", "starts_at", "ends_at", "reward_per_kwh"]));
  });

  it("refuses an event overlapping another (409) but takes one after a cancelled one", async () => {
    const first = await create(EVENT);
    const r = await create({ ...EVENT, starts_at: "2026-11-24T19:30:00+01:00", ends_at: "2026-11-24T21:00:00+01:00" });
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe(`This event overlaps event ${first.body.id} (Evening peak)`);
    const cancelled = await call(cancelPOST, { method: "POST", path: `/api/v1/flex_events/${first.body.id}/cancel`, params: { id: String(first.body.id) }, token: admin.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await create({ ...EVENT, starts_at: "2026-11-24T19:30:00+01:00", ends_at: "2026-11-24T21:00:00+01:00" })).status).toBe(201);
    // cancelled, not deleted
    expect(await db.flexEvent.count()).toBe(2);
  });

  it("is the operator's: a household gets 403, a stranger 401", async () => {
    expect((await create(EVENT, owner)).status).toBe(403);
    expect((await create(EVENT, null)).status).toBe(401);
    expect((await call(listAdmin, { path: "/api/v1/flex_events", token: owner.token })).status).toBe(403);
  });

  it("enters the households that take part automatically, and tells them so by e-mail in their language", async () => {
    await db.user.update({ where: { id: owner.id }, data: { flexAutoOptIn: true, locale: "fr" } });
    const third = await makeUser();
    await makeMeter(third.id);
    const e = (await create(EVENT)).body;
    expect(e.participants).toBe(1);
    // the job's work, run here (the queue's worker runs it in the app)
    expect(await sendInvitations(e.id)).toBe(2);
    expect(await sendInvitations(e.id)).toBe(0); // once
    const fr = await mailbox.waitFor(owner.email);
    expect(fr.text).toMatch(/La communauté d'énergie de Foyer planifie un événement\s: Evening peak/);
    expect(fr.text).toContain("mardi 24 novembre 2026, 18:00 – 20:00");
    expect(fr.text).toContain("Vous participez automatiquement");
    expect(fr.text).toContain("http://foyer.test/flexibility?event=" + e.id);
    const en = await mailbox.waitFor(third.email);
    expect(en.text).toMatch(/Tuesday,? 24 November 2026, 18:00 – 20:00/);
    expect(en.text).toContain("The grid is tight on Tuesday evening.");
    expect(en.text).not.toContain("automatically");
    // no meter, no invitation
    expect(mailbox.messages.some((m) => m.to.includes(other.email))).toBe(false);
  });
});

describe("a household before the event", () => {
  it("sees its baseline for the window (the mean of 10 working days) and what 1 kWh earns", async () => {
    const e = (await create(EVENT)).body;
    const r = await call(eventsGET, { path: "/api/v1/flexibility/events?only=open", token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    const b = r.body[0].mine.baseline;
    expect(b).toMatchObject({ status: "ok", wh: [100, 100, 100, 100], total_wh: 400 });
    // the 10 most recent working days: 11 November (Armistice) is a holiday, weekends are not working days
    expect(b.days).toEqual(["2026-11-23", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16", "2026-11-13", "2026-11-12", "2026-11-10", "2026-11-09"]);
    expect(r.body[0].mine.choice).toBeNull();
    expect(r.body[0].reward_per_kwh).toBe(0.5);
    expect((await mine(e.id)).body.mine.baseline.total_wh).toBe(400);
  });

  it("says the baseline is insufficient with too few days, and that a household without a meter cannot take part", async () => {
    await db.$executeRaw`DELETE FROM energy.readings WHERE meter_id = ${meterId} AND ts < ${new Date(parisDayStart("2026-11-16"))}`;
    const e = (await create(EVENT)).body;
    expect((await mine(e.id)).body.mine.baseline).toMatchObject({ status: "insufficient", needed: 10, days: ["2026-11-23", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16"] });
    expect((await mine(e.id, other)).body.mine.baseline).toEqual({ status: "no_meter", wh: null, total_wh: null, days: [] });
    const refused = await choose(e.id, true, other);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Link your Linky meter to take part: the event is measured on it");
  });

  it("previews an event weeks ahead from the latest comparable days held", async () => {
    // Tuesday 12 January 2027: the 60 days before it have no readings yet
    const e = (await create({ ...EVENT, starts_at: "2027-01-12T18:00:00+01:00", ends_at: "2027-01-12T20:00:00+01:00" })).body;
    const b = (await mine(e.id)).body.mine.baseline;
    expect(b).toMatchObject({ status: "ok", total_wh: 400 });
    expect(b.days[0]).toBe("2026-11-23");
  });

  it("opts in and out as often as it likes until the start, every choice dated and kept", async () => {
    const e = (await create(EVENT)).body;
    expect((await choose(e.id, true)).body.mine.choice).toMatchObject({ opted_in: true, auto: false });
    expect((await choose(e.id, false)).body.mine.choice).toMatchObject({ opted_in: false });
    expect((await choose(e.id, true)).body.mine.choice).toMatchObject({ opted_in: true });
    expect(await db.flexParticipation.count({ where: { eventId: e.id, userId: owner.id } })).toBe(3);
    expect((await call(oneAdmin, { path: `/api/v1/flex_events/${e.id}`, params: { id: String(e.id) }, token: admin.token })).body.participants).toBe(1);
    expect((await choose(e.id, "yes")).status).toBe(422);
    expect((await choose(999_999, true)).status).toBe(404);
    await travel("2026-11-24T17:00:00Z");
    const late = await choose(e.id, false);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe("This event has started: choices closed when it began");
    expect((await mine(e.id)).body.status).toBe("running");
    // and the operator can no longer cancel it
    expect((await call(cancelPOST, { method: "POST", path: `/api/v1/flex_events/${e.id}/cancel`, params: { id: String(e.id) }, token: admin.token })).status).toBe(409);
  });

  it("refuses a 21st change of choice (409), leaving the choice in force as it was", async () => {
    const e = (await create(EVENT)).body;
    for (let i = 0; i < 20; i++) expect((await choose(e.id, i % 2 === 0)).status).toBe(200);
    const r = await choose(e.id, true);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: "flex_choice_limit", detail: "You have changed your choice 20 times for this event: it stays as it is" });
    expect((await mine(e.id)).body.mine.choice).toMatchObject({ opted_in: false });
    expect(await db.flexParticipation.count({ where: { eventId: e.id } })).toBe(20);
  });

  it("taking part automatically enters the events to come it has not chosen about", async () => {
    const e = (await create(EVENT)).body;
    const r = await call(settingsPATCH, { method: "PATCH", path: "/api/v1/flexibility", token: owner.token, json: { auto_opt_in: true } });
    expect(r.status).toBe(200);
    expect(r.body.auto_opt_in).toBe(true);
    expect((await mine(e.id)).body.mine.choice).toMatchObject({ opted_in: true, auto: true });
    expect((await call(settingsPATCH, { method: "PATCH", path: "/api/v1/flexibility", token: owner.token, json: { auto_opt_in: "on" } })).status).toBe(422);
  });
});

describe("after the event", () => {
  async function runEvent(actual: (t: number) => number, json = EVENT) {
    const e = (await create(json)).body;
    await choose(e.id, true);
    await travel("2026-11-25T08:00:00Z");
    await upsertCurve(meterId, "consumption", curveDays("2026-11-24", "2026-11-25", actual), "sandbox");
    return e;
  }
  const inWindow = (t: number) => t >= Date.parse("2026-11-24T17:00:00Z") && t < Date.parse("2026-11-24T19:00:00Z");

  it("settles F = B − A per half hour: 4 × (100 − 40) Wh = 240 Wh, at 0.50 €/kWh 0.12 €", async () => {
    const e = await runEvent((t) => (inWindow(t) ? 40 : 100));
    expect((await mine(e.id)).body.status).toBe("ended");
    expect(await settleDueEvents()).toEqual({ events: 1, written: 1 });
    const r = (await mine(e.id)).body;
    expect(r.status).toBe("settled");
    expect(r.mine.result).toMatchObject({ status: "settled", baseline_wh: [100, 100, 100, 100], actual_wh: [40, 40, 40, 40], delivered_wh: 240, reward_eur: 0.12 });
    // the operator's view and file
    const ops = await results(e.id);
    expect(ops.body.event).toMatchObject({ participants: 1, settled_households: 1, delivered_wh: 240, reward_eur: 0.12 });
    expect(ops.body.households).toEqual([expect.objectContaining({ user_id: owner.id, email: owner.email, predictability: null })]);
    // the operator sees how predictable each participant is, once measured
    await call(settingsGET, { path: "/api/v1/flexibility", token: owner.token });
    expect((await results(e.id)).body.households[0].predictability).toBe("good");
    const csv = await results(e.id, "csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe("event_id,user_id,email,name,opted_in_at,auto,status,baseline_wh,actual_wh,delivered_wh,reward_eur,baseline_day_count,predictability");
    expect(lines[1]).toContain(`,${owner.email},,`);
    expect(lines[1]).toMatch(/,settled,400,160,240,0\.12,10,good$/);
    expect(lines[2]).toBe(`${e.id},,total,,,,1 settled,,,240,0.12,,`);
    // settled once: a second round writes nothing
    expect(await settleDueEvents()).toEqual({ events: 0, written: 0 });
  });

  it("pays nothing for using more than usual in a reduction", async () => {
    const down = await runEvent((t) => (inWindow(t) ? 150 : 100));
    await settleDueEvents();
    expect((await mine(down.id)).body.mine.result).toMatchObject({ delivered_wh: -200, reward_eur: 0 });
  });

  it("pays for using more than usual in the sun (up): 4 × 50 Wh at 0.50 €/kWh", async () => {
    const up = await runEvent((t) => (inWindow(t) ? 150 : 100), { ...EVENT, direction: "up" });
    await settleDueEvents();
    expect((await mine(up.id)).body.mine.result).toMatchObject({ delivered_wh: 200, reward_eur: 0.1 });
  });

  it("waits for the readings, then settles what never came as no data", async () => {
    const e = (await create(EVENT)).body;
    await choose(e.id, true);
    await travel("2026-11-25T08:00:00Z");
    await settleDueEvents();
    expect((await mine(e.id)).body).toMatchObject({ status: "ended", mine: { result: null } });
    await travel("2026-11-29T08:00:00Z");
    await settleDueEvents();
    expect((await mine(e.id)).body).toMatchObject({ status: "settled", mine: { result: { status: "no_data", delivered_wh: 0, reward_eur: 0 } } });
  });

  it("settles nothing on an insufficient baseline", async () => {
    await db.$executeRaw`DELETE FROM energy.readings WHERE meter_id = ${meterId} AND ts < ${new Date(parisDayStart("2026-11-16"))}`;
    const e = await runEvent((t) => (inWindow(t) ? 0 : 100));
    await settleDueEvents();
    expect((await mine(e.id)).body.mine.result).toMatchObject({ status: "insufficient", delivered_wh: 0, reward_eur: 0, baseline_wh: [] });
  });

  describe("with a live device on the supply", () => {
    /** The owner's Shelly clamp on its supply: 50 Wh a quarter hour (the Linky's 100 per half hour) from `from` to `to` (Paris days), `inEvent` in the window. */
    async function gridClamp(from: string, to: string, inEvent = 50) {
      const d = await makeDevice(owner.id, { deviceType: "shelly", measurements: [{ name: "grid", measureType: "total_home", classification: "consumption" }] });
      await ensureDeviceMqtt([d.id]);
      const m = d.measurements[0].id;
      await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh)
        SELECT ${m}, t, CASE WHEN t >= '2026-11-24T17:00:00Z' AND t < '2026-11-24T19:00:00Z' THEN ${inEvent} ELSE 50 END
        FROM generate_series(${new Date(parisDayStart(from))}::timestamptz, ${new Date(parisDayStart(to) - 1)}::timestamptz, interval '15 minutes') t`;
      // the window's minutes, as the rollup leaves them once the last one is in
      await db.$executeRaw`INSERT INTO telemetry.minutes (measurement_id, start, import_wh)
        SELECT ${m}, t, ${inEvent / 15} FROM generate_series('2026-11-24T17:00:00Z'::timestamptz, '2026-11-24T18:59:00Z'::timestamptz, interval '1 minute') t`;
      return m;
    }

    it("settles at once from its readings, before the Linky day comes: 4 × (100 − 2 × 20) Wh = 240 Wh", async () => {
      await gridClamp("2026-09-25", "2026-11-25", 20);
      const e = (await create(EVENT)).body;
      await choose(e.id, true);
      // 20:05 on the evening of the event: no Linky reading of it yet
      await travel("2026-11-24T19:05:00Z");
      expect(await settleDueEvents()).toEqual({ events: 1, written: 1 });
      expect((await mine(e.id)).body.mine.result).toMatchObject({ status: "settled", source: "telemetry", baseline_wh: [100, 100, 100, 100], actual_wh: [40, 40, 40, 40], delivered_wh: 240, reward_eur: 0.12 });
      expect((await db.flexResult.findFirstOrThrow({ where: { eventId: e.id } })).meterId).toBeNull();
    });

    it("waits for the Linky when the device is too new for a baseline, and settles from the meter", async () => {
      // a week of the clamp only: too few comparable days
      await gridClamp("2026-11-17", "2026-11-25", 20);
      const e = (await create(EVENT)).body;
      await choose(e.id, true);
      await travel("2026-11-24T19:05:00Z");
      expect(await settleDueEvents()).toEqual({ events: 1, written: 0 });
      await travel("2026-11-25T08:00:00Z");
      await upsertCurve(meterId, "consumption", curveDays("2026-11-24", "2026-11-25", (t) => (inWindow(t) ? 40 : 100)), "sandbox");
      expect(await settleDueEvents()).toEqual({ events: 1, written: 1 });
      expect((await mine(e.id)).body.mine.result).toMatchObject({ status: "settled", source: "meter", delivered_wh: 240 });
    });

    it("waits while the window's last minutes are not rolled up, though its quarters' rows exist", async () => {
      const m = await gridClamp("2026-09-25", "2026-11-25", 20);
      await db.$executeRaw`DELETE FROM telemetry.minutes WHERE measurement_id = ${m} AND start >= '2026-11-24T18:58:00Z'`;
      const e = (await create(EVENT)).body;
      await choose(e.id, true);
      await travel("2026-11-24T19:00:01Z");
      expect(await settleDueEvents()).toEqual({ events: 1, written: 0 });
      await db.$executeRaw`INSERT INTO telemetry.minutes (measurement_id, start, import_wh) VALUES (${m}, '2026-11-24T18:58:00Z', 1), (${m}, '2026-11-24T18:59:00Z', 1)`;
      expect(await settleDueEvents()).toEqual({ events: 1, written: 1 });
      expect((await mine(e.id)).body.mine.result).toMatchObject({ source: "telemetry", delivered_wh: 240 });
    });

    it("counts a half hour only when all its quarters are in", async () => {
      const m = await gridClamp("2026-09-25", "2026-11-25", 20);
      // the window's last quarter never came
      await db.$executeRaw`DELETE FROM telemetry.quarters WHERE measurement_id = ${m} AND start = '2026-11-24T18:45:00Z'`;
      const e = (await create(EVENT)).body;
      await choose(e.id, true);
      await travel("2026-11-24T19:05:00Z");
      expect(await settleDueEvents()).toEqual({ events: 1, written: 0 });
    });
  });

  it("keeps a household's result its own, and leaves the event day out of its next baselines", async () => {
    const e = await runEvent((t) => (inWindow(t) ? 40 : 100));
    await settleDueEvents();
    const seen = (await mine(e.id, other)).body;
    expect(seen.mine).toEqual({ choice: null, baseline: null, result: null });
    expect(JSON.stringify(seen)).not.toContain(owner.email);
    expect((await call(resultsGET, { path: `/api/v1/flex_events/${e.id}/results`, params: { id: String(e.id) }, token: other.token })).status).toBe(403);
    // a later event's baseline does not count 24 November (an event day of this household)
    await upsertCurve(meterId, "consumption", curveDays("2026-11-25", "2026-11-26"), "sandbox");
    const next = (await create({ ...EVENT, starts_at: "2026-11-26T18:00:00+01:00", ends_at: "2026-11-26T20:00:00+01:00" })).body;
    expect((await mine(next.id)).body.mine.baseline.days).not.toContain("2026-11-24");
    expect((await mine(next.id)).body.mine.baseline.days[0]).toBe("2026-11-25");
  });
});

describe("how predictable a household is", () => {
  it("is measured on its recent days and said with its figures", async () => {
    // a steady household: every day alike, the baseline guesses it exactly
    expect(await measureAllAccuracy()).toBe(0); // no meter_days yet: nothing is measured nightly
    const r = await call(settingsGET, { path: "/api/v1/flexibility", token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ auto_opt_in: false, meter_id: meterId, accuracy: { predictability: "good", bias: 0, relative_rmse: 0, normalised_mae: 0, testable_days: 14 } });
    expect((await call(settingsGET, { path: "/api/v1/flexibility", token: other.token })).body).toEqual({ auto_opt_in: false, auto_send_offers: false, meter_id: null, accuracy: null });
  });

  it("calls a household whose use jumps from day to day poor", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-09-25", "2026-11-23", (t) => (Math.floor(t / 86_400_000) % 3 === 0 ? 400 : 50)), "sandbox");
    const r = await call(settingsGET, { path: "/api/v1/flexibility", token: owner.token });
    expect(r.body.accuracy.predictability).toBe("poor");
  });
});
