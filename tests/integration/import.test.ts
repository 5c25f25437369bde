// Import of the Enedis customer-area CSV (lib/services/imports, POST /api/v1/meters/import[/preview])
// against a real PostgreSQL: real-shaped files (tests/fixtures/enedis/customer-area-*.csv) with a
// BOM, CRLF, both 2026 clock changes, bad lines, another meter; what is stored and read back,
// what a refused file leaves (nothing), ownership, idempotence, precedence over the Enedis API's
// readings, the day bookkeeping the sync reads, a year streamed in chunks, and the per-user limits.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Caller } from "@/lib/auth/caller";
import { previewImport, runImport } from "@/lib/services/imports/load-curve";
import { aggregate, upsertCurve } from "@/lib/services/readings/store";
import { planMeter } from "@/lib/services/meters/sync";
import { POST as importRoute } from "@/app/api/v1/meters/import/route";
import { POST as previewRoute } from "@/app/api/v1/meters/import/preview/route";
import { GET as listMetersRoute } from "@/app/api/v1/meters/route";
import { call } from "../helpers/api";
import { makeUser, type TestUser } from "../factories/users";

const PRM = "99999999999991";
const OTHER_PRM = "99999999999992";
const NOW = Date.parse("2026-11-23T12:00:00Z");
const FIXTURES = path.resolve("tests/fixtures/enedis");
const file = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const callerOf = (u: TestUser): Caller => ({ id: u.id, email: u.email, firstName: null, lastName: null, isSuperuser: u.isSuperuser, acceptedTos: true, tokenVersion: 0, via: "bearer" });
async function* bytes(s: string, size = 4096): AsyncGenerator<Uint8Array> {
  const b = new TextEncoder().encode(s);
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function stored(meterId: number) {
  return db.$queryRawUnsafe<{ n: number; imported: number; wh: number }[]>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE source = 3)::int AS imported, coalesce(sum(wh), 0)::float8 AS wh FROM energy.readings WHERE meter_id = $1`, meterId).then((r) => r[0]);
}
const days = (meterId: number) =>
  db.meterDay.findMany({ where: { meterId }, orderBy: { day: "asc" }, select: { day: true, series: true, points: true, expected: true, status: true } })
    .then((rows) => rows.map((r) => ({ ...r, day: r.day.toISOString().slice(0, 10) })));

let owner: TestUser, other: TestUser;
let meterId: number;

beforeEach(async () => {
  [owner, other] = await Promise.all([makeUser(), makeUser()]);
  meterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: PRM, syncState: "stopped" } })).id;
});

describe("import of the Enedis customer-area CSV", () => {
  it("previews the range and points, writing nothing", async () => {
    const p = await previewImport(callerOf(owner), {}, bytes(file("customer-area-dst-2026.csv"), 100), { now: NOW });
    expect(p).toMatchObject({
      usage_point_id: PRM, kind: "consumption", step_minutes: 30, format: "block", meter_id: meterId,
      first: "2026-03-27T23:00:00.000Z", last: "2026-10-26T23:00:00.000Z", points: 288, days: 6, bad_count: 0, already_held: { enedis: 0, imported: 0 },
    });
    expect((await stored(meterId)).n).toBe(0);
  });

  it("imports through the route: rows with source import, read back by day (46 and 50 points), days booked complete", async () => {
    const res = await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, body: file("customer-area-dst-2026.csv"), headers: { "content-type": "text/csv" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ meter_id: meterId, meter_created: false, points: 288, written: 288, unchanged: 0, days_booked: { complete: 6, partial: 0 } });
    expect(await stored(meterId)).toMatchObject({ n: 288, imported: 288 });
    const byDay = await aggregate(meterId, "consumption", new Date("2026-03-27T23:00:00Z"), new Date("2026-10-26T23:00:00Z"), "day");
    expect(byDay.map((b) => b.points)).toEqual([48, 46, 48, 48, 50, 48]);
    // W at the interval end / 2 = Wh of the interval starting 30 minutes earlier
    const first = await aggregate(meterId, "consumption", new Date("2026-03-27T23:00:00Z"), new Date("2026-03-27T23:30:00Z"), "30min");
    const w = Number(file("customer-area-dst-2026.csv").split("\r\n")[4].split(";")[1]);
    expect(first).toEqual([{ start: new Date("2026-03-27T23:00:00Z"), wh: w / 2, points: 1 }]);
    expect((await days(meterId)).map((d) => [d.day, d.points, d.expected, d.status])).toEqual([
      ["2026-03-28", 48, 48, "complete"], ["2026-03-29", 46, 46, "complete"], ["2026-03-30", 48, 48, "complete"],
      ["2026-10-24", 48, 48, "complete"], ["2026-10-25", 50, 50, "complete"], ["2026-10-26", 48, 48, "complete"],
    ]);
    // the preview now sees them as imported
    const again = await call(previewRoute, { path: "/api/v1/meters/import/preview", token: owner.token, body: file("customer-area-dst-2026.csv"), headers: { "content-type": "text/csv" } });
    expect(again.body.already_held).toEqual({ enedis: 0, imported: 288 });
  });

  it("is idempotent: the same file again writes nothing", async () => {
    await runImport(callerOf(owner), { meterId }, bytes(file("customer-area-dst-2026.csv")), { now: NOW });
    const before = await stored(meterId);
    const again = await runImport(callerOf(owner), { meterId }, bytes(file("customer-area-dst-2026.csv")), { now: NOW });
    expect(again).toMatchObject({ written: 0, unchanged: 288 });
    expect(await stored(meterId)).toEqual(before);
  });

  it("refuses a file with bad lines (422 with their numbers) and writes nothing; skip_bad_lines imports the rest", async () => {
    const res = await call(importRoute, { path: `/api/v1/meters/import?meter_id=${meterId}`, token: owner.token, body: file("customer-area-bad-lines.csv"), headers: { "content-type": "text/csv" } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/^5 lines of the file cannot be read \(line 10: "12OO" is not a number of watts\); nothing was imported/);
    expect(res.body.bad_lines.map((b: { line: number }) => b.line)).toEqual([10, 12, 14, 16, 27]);
    expect(res.body.bad_count).toBe(5);
    expect((await stored(meterId)).n).toBe(0);
    expect(await days(meterId)).toEqual([]);

    const skip = await call(importRoute, { path: `/api/v1/meters/import?meter_id=${meterId}&skip_bad_lines=true`, token: owner.token, body: file("customer-area-bad-lines.csv"), headers: { "content-type": "text/csv" } });
    expect(skip.status).toBe(200);
    expect(skip.body).toMatchObject({ points: 43, written: 43, bad_count: 5, empty_values: 1, duplicates: 1 });
    // 5 January 2026 is within the API's 24 months on 23 November 2026: partial, the sync may complete it
    expect((await days(meterId)).map((d) => [d.day, d.points, d.status])).toEqual([["2026-01-05", 43, "partial"]]);
    // a partial day holds readings: the range the meters list shows (My Account, My Energy) has it
    const list = await call(listMetersRoute, { path: "/api/v1/meters", token: owner.token });
    expect(list.body[0].sync).toMatchObject({ oldest_day: "2026-01-05", newest_day: "2026-01-05", days_fetched: 0 });
  });

  it("refuses a malformed file as a whole (422 naming the line), writing nothing", async () => {
    for (const [name, detail] of [
      ["customer-area-empty.csv", /^The file is empty$/],
      ["customer-area-header-only.csv", /only its header/],
      ["customer-area-10min.csv", /^Line 6: The file's step is 10 minutes/],
    ] as const) {
      const res = await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, body: file(name), headers: { "content-type": "text/csv" } });
      expect(res.status, name).toBe(422);
      expect(res.body.detail, name).toMatch(detail);
    }
    // a second block after readings were read: nothing of the first part is kept
    const twoBlocks = file("customer-area-dst-2026.csv") + file("customer-area-other-prm.csv");
    const res = await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, body: twoBlocks, headers: { "content-type": "text/csv" } });
    expect(res).toMatchObject({ status: 422, body: { line: 293 } });
    expect(await db.meter.count()).toBe(1);
    expect((await stored(meterId)).n).toBe(0);
  });

  it("refuses a file for another meter than the one chosen, naming both", async () => {
    const res = await call(importRoute, { path: `/api/v1/meters/import?meter_id=${meterId}`, token: owner.token, body: file("customer-area-other-prm.csv"), headers: { "content-type": "text/csv" } });
    expect(res).toMatchObject({ status: 422, body: { detail: `This file is for meter ${OTHER_PRM}, not for meter ${PRM}` } });
    expect((await stored(meterId)).n).toBe(0);
  });

  it("another household's meter is not found; their meter of the same usage point is untouched", async () => {
    const theirs = (await db.meter.create({ data: { userId: other.id, usagePointId: OTHER_PRM } })).id;
    const res = await call(importRoute, { path: `/api/v1/meters/import?meter_id=${theirs}`, token: owner.token, body: file("customer-area-other-prm.csv"), headers: { "content-type": "text/csv" } });
    expect(res).toMatchObject({ status: 404, body: { detail: "Meter not found" } });
    const preview = await call(previewRoute, { path: `/api/v1/meters/import/preview?meter_id=${theirs}`, token: owner.token, body: file("customer-area-other-prm.csv"), headers: { "content-type": "text/csv" } });
    expect(preview.status).toBe(404);
    expect((await stored(theirs)).n).toBe(0);
  });

  it("makes a meter without Enedis link for a new usage point: stopped, never planned, listed", async () => {
    const p = await previewImport(callerOf(owner), {}, bytes(file("customer-area-other-prm.csv")), { now: NOW });
    expect(p.meter_id).toBeNull();
    const r = await runImport(callerOf(owner), {}, bytes(file("customer-area-other-prm.csv")), { now: NOW });
    expect(r).toMatchObject({ meter_created: true, points: 48, written: 48 });
    const m = await db.meter.findUniqueOrThrow({ where: { id: r.meter_id } });
    expect(m).toMatchObject({ userId: owner.id, usagePointId: OTHER_PRM, integrationId: null, syncState: "stopped" });
    expect(await planMeter(m.id, NOW)).toEqual([]);
    const list = await call(listMetersRoute, { path: "/api/v1/meters", token: owner.token });
    expect(list.body.map((x: { usage_point_id: string }) => x.usage_point_id)).toEqual([PRM, OTHER_PRM]);
    expect(list.body[1].sync).toMatchObject({ state: "stopped", days_due: 1, days_fetched: 1, oldest_day: "2026-01-05" });
  });

  it("keeps readings from the Enedis API, and the sync does not fetch imported complete days again", async () => {
    const linked = await db.integration.create({ data: { userId: owner.id, name: "linky" } });
    // an Enedis reading for the first half hour of 28 March, another value than the file's
    await upsertCurve(meterId, "consumption", [{ start: new Date("2026-03-27T23:00:00Z"), stepMin: 30, wh: 1, quality: "BRUT" }], "enedis");
    const r = await runImport(callerOf(owner), { meterId }, bytes(file("customer-area-dst-2026.csv")), { now: NOW });
    expect(r).toMatchObject({ written: 287, unchanged: 1 });
    const [kept] = await db.$queryRawUnsafe<{ wh: number; source: number }[]>(`SELECT wh, source FROM energy.readings WHERE meter_id = $1 AND ts = '2026-03-27T23:00:00Z'`, meterId);
    expect(kept).toEqual({ wh: 1, source: 1 });
    {
      // once linked, the plan queues every day it lacks, never the imported complete days
      await db.meter.update({ where: { id: meterId }, data: { integrationId: linked.id, syncState: "queued", producer: false } });
      const jobs = await planMeter(meterId, NOW);
      const curveDays = jobs.filter((j) => j.what === "curve-consumption");
      for (const day of ["2026-03-28", "2026-03-29", "2026-10-25"]) expect(curveDays.some((j) => j.from <= day && day < j.to), day).toBe(false);
      expect(curveDays.length).toBeGreaterThan(0);
    }
  });

  it("refuses a form, and a body over 20 MB (413) before reading it", async () => {
    const form = await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, form: { file: "x" } });
    expect(form.status).toBe(415);
    // declared too large: refused before reading
    const declared = await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, body: "x", headers: { "content-type": "text/csv", "content-length": String(21 * 1024 * 1024) } });
    expect(declared).toMatchObject({ status: 413, body: { detail: "The request body is too large (at most 20 MB)" } });
    // undeclared (a stream): cut once past 20 MB
    let sent = 0;
    const chunk = new TextEncoder().encode(`${"2026-01-05T00:30:00+01:00;1\r\n".repeat(32_768)}`);
    const header = new TextEncoder().encode(`Identifiant PRM;Type de donnees;Date de debut;Date de fin;Grandeur physique;Grandeur metier;Etape metier;Unite;Pas en minutes\n${PRM};Courbe de charge;05/01/2026;06/01/2026;Energie active;Consommation;Comptage Brut;W;30\nHorodate;Valeur\n`);
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(header),
      pull: (c) => {
        sent += chunk.length;
        if (sent > 30 * 1024 * 1024) c.close();
        else c.enqueue(chunk);
      },
    });
    const req = new Request("http://foyer.test/api/v1/meters/import", { method: "POST", body: stream, headers: { authorization: `Bearer ${owner.token}`, "content-type": "text/csv" }, duplex: "half" } as RequestInit);
    const res = await importRoute(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(22 * 1024 * 1024);
    expect((await stored(meterId)).n).toBe(0);
  });

  it("streams a year (17,520 lines) in chunks within a bounded memory", async () => {
    const HALF = 1_800_000;
    async function* year(): AsyncGenerator<Uint8Array> {
      const enc = new TextEncoder();
      yield enc.encode(`\uFEFFIdentifiant PRM;Type de donnees;Date de debut;Date de fin;Grandeur physique;Grandeur metier;Etape metier;Unite;Pas en minutes\r\n${PRM};Courbe de charge;01/01/2025;01/01/2026;Energie active;Consommation;Comptage Brut;W;30\r\n\r\nHorodate;Valeur\r\n`);
      let lines: string[] = [];
      for (let t = Date.parse("2024-12-31T23:30:00Z"); t <= Date.parse("2025-12-31T23:00:00Z"); t += HALF) {
        lines.push(`${new Date(t).toISOString().slice(0, 19)}+00:00;${(t / HALF) % 3000}`);
        if (lines.length === 500) {
          yield enc.encode(lines.join("\r\n") + "\r\n");
          lines = [];
        }
      }
      if (lines.length) yield enc.encode(lines.join("\r\n") + "\r\n");
    }
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const r = await runImport(callerOf(owner), { meterId }, year(), { now: NOW });
    const ms = performance.now() - t0;
    const grown = process.memoryUsage().heapUsed - before;
    expect(r).toMatchObject({ points: 17_520, written: 17_520, days: 365 });
    expect((await stored(meterId)).n).toBe(17_520);
    // the points of a year (17,520 small objects) and the SQL text of one batch: far below 100 MB
    expect(grown).toBeLessThan(100 * 1024 * 1024);
    expect(ms).toBeLessThan(15_000);
    // 2025 is older than the API serves on 23 November 2026 only before 8 November 2024: all complete
    const booked = await days(meterId);
    expect(booked).toHaveLength(365);
    expect(booked.every((d) => d.status === "complete")).toBe(true);
  });
});

// Last in the file: a key refused is remembered in this process for 2 s (lib/services/rate-limit),
// and user ids start again at 1 in every test.
describe("limits per user and hour (IMPORTS_MAX_PER_HOUR, IMPORT_PREVIEWS_MAX_PER_HOUR)", () => {
  const csv = { "content-type": "text/csv" };
  const hits = (bucket: string) => db.rateLimitHit.count({ where: { bucket } });

  it("answers 429 with Retry-After past the limit, a refused import changing nothing; previews have their own allowance; cheap refusals come first and do not count", { timeout: 120_000 }, async () => {
    const { IMPORTS_MAX_PER_HOUR: imports, IMPORT_PREVIEWS_MAX_PER_HOUR: previews } = env();
    expect([imports, previews]).toEqual([20, 60]);
    const dst = file("customer-area-dst-2026.csv");
    const preview = (u: TestUser | null, body = dst) => call(previewRoute, { path: "/api/v1/meters/import/preview", token: u?.token, body, headers: csv });
    const run = (u: TestUser | null, body = dst, path = "/api/v1/meters/import") => call(importRoute, { path, token: u?.token, body, headers: csv });

    for (let i = 0; i < previews; i++) expect((await preview(owner)).status).toBe(200);
    const refusedPreview = await preview(owner);
    expect(refusedPreview).toMatchObject({ status: 429, body: { detail: "Too many attempts, please try again later" } });
    expect(Number(refusedPreview.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await hits("import-preview-user")).toBe(previews);

    // imports count apart: the same file each time (the first writes, the others find it held)
    for (let i = 0; i < imports; i++) expect((await run(owner)).status).toBe(200);
    const before = { meters: await db.meter.count(), readings: await stored(meterId), days: await days(meterId) };
    expect(before.readings.n).toBe(288);

    // a file for a new usage point, refused: no meter made, no reading, no day booked, no hit
    const refused = await run(owner, file("customer-area-other-prm.csv"));
    expect(refused).toMatchObject({ status: 429, body: { detail: "Too many attempts, please try again later" } });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await db.meter.count()).toBe(before.meters);
    expect(await db.meter.findFirst({ where: { usagePointId: OTHER_PRM } })).toBeNull();
    expect(await stored(meterId)).toEqual(before.readings);
    expect(await days(meterId)).toEqual(before.days);
    expect(await hits("import-user")).toBe(imports);

    // checked before the limit, and not counted: no login, a bad query, a form, a declared size over 20 MB
    expect((await run(null)).status).toBe(401);
    expect((await run(owner, dst, "/api/v1/meters/import?meter_id=abc")).status).toBe(422);
    expect((await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, form: { file: "x" } })).status).toBe(415);
    expect((await call(importRoute, { path: "/api/v1/meters/import", token: owner.token, body: "x", headers: { ...csv, "content-length": String(21 * 1024 * 1024) } })).status).toBe(413);
    expect(await hits("import-user")).toBe(imports);

    // another household is not affected
    expect((await preview(other, file("customer-area-other-prm.csv"))).status).toBe(200);
    expect((await run(other, file("customer-area-other-prm.csv"))).status).toBe(200);
  });
});
