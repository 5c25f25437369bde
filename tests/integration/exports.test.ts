// Exports of a meter's history (lib/services/exports) against a real PostgreSQL: a stored history
// with both 2026 clock changes, gaps and another meter's readings comes out complete, in order,
// in both CSV dialects and as XML valid against the public IEC 62746-4 model; ownership; streams.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { parisDayOf } from "@/lib/time/paris";
import type { ExportRow } from "@/lib/energy/export";
import { exportMeterHistory } from "@/lib/services/exports/meter-history";
import { readCurveReadings } from "@/lib/services/exports/reader";
import { toNodeReadable, toWebStream } from "@/lib/services/exports/streams";
import { upsertCurve, upsertDaily } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { makeUser, type TestUser } from "../factories/users";
import { validateIec62746 } from "../fixtures/iec62746/validate";

const HALF_HOUR = 1_800_000;
const PRM = "24880057139941";

function curveDays(from: string, to: string, wh: (t: number) => number = (t) => ((t / HALF_HOUR) % 700) + 0.5, quality = "BRUT"): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000; t < Date.parse(`${to}T00:00:00Z`); t += HALF_HOUR) {
    const day = parisDayOf(t);
    if (day >= from && day < to) points.push({ start: new Date(t), stepMin: 30, wh: wh(t), quality });
  }
  return points;
}

const callerOf = (u: TestUser): Caller => ({ id: u.id, email: u.email, firstName: null, lastName: null, isSuperuser: u.isSuperuser, acceptedTos: true, tokenVersion: 0, via: "bearer" });

async function text(gen: AsyncIterable<string>) {
  let s = "";
  for await (const c of gen) s += c;
  return s;
}

async function storedCount(meterId: number, kinds = [1, 2], from = "-infinity", to = "infinity") {
  const [r] = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM energy.readings WHERE meter_id = $1 AND kind = ANY($2::smallint[]) AND ts >= $3::timestamptz AND ts < $4::timestamptz`,
    meterId, kinds, from, to);
  return r.n;
}

let owner: TestUser, other: TestUser, admin: TestUser;
let meterId: number, otherMeterId: number;

beforeEach(async () => {
  [owner, other, admin] = await Promise.all([makeUser(), makeUser(), makeUser({ admin: true })]);
  meterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: PRM, sandbox: true } })).id;
  otherMeterId = (await db.meter.create({ data: { userId: other.id, usagePointId: "25946599093143", sandbox: true } })).id;
  // consumption around both clock changes; 30 March missing entirely; 26 October missing 02:00-04:00 local
  const spring = curveDays("2026-03-28", "2026-04-01").filter((p) => parisDayOf(p.start.getTime()) !== "2026-03-30");
  const autumn = curveDays("2026-10-24", "2026-10-27").filter((p) => {
    const t = p.start.getTime();
    return !(t >= Date.parse("2026-10-26T01:00:00Z") && t < Date.parse("2026-10-26T03:00:00Z"));
  });
  await upsertCurve(meterId, "consumption", [...spring, ...autumn], "enedis");
  // a few corrected values, and production on the fall-back day only
  await upsertCurve(meterId, "consumption", curveDays("2026-03-28", "2026-03-29", () => 42, "BEST").slice(0, 4), "enedis");
  await upsertCurve(meterId, "production", curveDays("2026-10-25", "2026-10-26", () => 10), "sandbox");
  // what must stay out: daily totals, and another household's meter
  await upsertDaily(meterId, "consumption", [{ day: "2026-03-28", wh: 1, quality: "BRUT" }], "enedis");
  await upsertCurve(otherMeterId, "consumption", curveDays("2026-03-28", "2026-03-30"), "enedis");
});

describe("the reader", () => {
  it("gives every stored curve reading once, ordered by kind then time, whatever the page size", async () => {
    const total = await storedCount(meterId);
    expect(total).toBe(48 + 46 + 48 + 48 + 50 + 44 + 50);
    for (const pageSize of [1, 7, 48, 5000]) {
      const rows: ExportRow[] = [];
      for await (const page of readCurveReadings(meterId, { pageSize })) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        rows.push(...page);
      }
      expect(rows).toHaveLength(total);
      const keys = rows.map((r) => `${r.kind}:${r.t}`);
      expect(new Set(keys).size).toBe(total);
      expect(rows.every((r, i) => i === 0 || (r.kind === rows[i - 1].kind ? r.t > rows[i - 1].t : r.kind === "production"))).toBe(true);
    }
  });

  it("holds the store's values, quality and source", async () => {
    const rows: ExportRow[] = [];
    for await (const page of readCurveReadings(meterId, { kinds: ["consumption"], to: new Date("2026-03-28T01:00:00+01:00") })) rows.push(...page);
    expect(rows).toEqual([
      { kind: "consumption", t: Date.parse("2026-03-27T23:00:00Z"), wh: 42, stepMin: 30, quality: "corrected", source: "enedis" },
      { kind: "consumption", t: Date.parse("2026-03-27T23:30:00Z"), wh: 42, stepMin: 30, quality: "corrected", source: "enedis" },
    ]);
  });

  it("[from, to): from inclusive, to exclusive, per kind", async () => {
    const from = new Date("2026-10-25T02:30:00+02:00"), to = new Date("2026-10-25T02:30:00+01:00");
    const rows: ExportRow[] = [];
    for await (const page of readCurveReadings(meterId, { from, to, pageSize: 2 })) rows.push(...page);
    // 02:30+02:00, 02:00+01:00 for each curve
    expect(rows.map((r) => [r.kind, new Date(r.t).toISOString()])).toEqual([
      ["consumption", "2026-10-25T00:30:00.000Z"], ["consumption", "2026-10-25T01:00:00.000Z"],
      ["production", "2026-10-25T00:30:00.000Z"], ["production", "2026-10-25T01:00:00.000Z"],
    ]);
  });
});

describe("CSV export", () => {
  it("en: one line per stored reading, local days of 46 and 50 half hours, the gaps absent", async () => {
    const ex = await exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "en" });
    expect(ex.filename).toBe(`foyer-${PRM}-readings.csv`);
    expect(ex.contentType).toBe("text/csv; charset=utf-8; header=present");
    const lines = (await text(ex.chunks)).split("\r\n").slice(0, -1);
    expect(lines[0]).toBe("meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source");
    const body = lines.slice(1).map((l) => l.split(","));
    expect(body).toHaveLength(await storedCount(meterId));
    const perDay = (kind: string, day: string) => body.filter((c) => c[1] === kind && c[2].startsWith(day)).length;
    expect(perDay("consumption", "2026-03-29")).toBe(46);
    expect(perDay("consumption", "2026-10-25")).toBe(50);
    expect(perDay("production", "2026-10-25")).toBe(50);
    expect(perDay("consumption", "2026-03-30")).toBe(0);
    expect(perDay("consumption", "2026-10-26")).toBe(44);
    expect(body.every((c) => c[0] === PRM && Date.parse(c[2]) === Date.parse(c[3]) && c[4] === "PT30M")).toBe(true);
    expect(body[0]).toEqual([PRM, "consumption", "2026-03-28T00:00:00+01:00", "2026-03-27T23:00:00Z", "PT30M", "42", "84", "corrected", "enedis"]);
    // (2026-03-28T02:00Z is half hour 985,924 since 1970: 985,924 mod 700 + 0.5 Wh)
    expect(body.find((c) => c[3] === "2026-03-28T02:00:00Z")).toEqual([PRM, "consumption", "2026-03-28T03:00:00+01:00", "2026-03-28T02:00:00Z", "PT30M", "324.5", "649", "raw", "enedis"]);
    expect(body.at(-1)).toEqual([PRM, "production", "2026-10-25T23:30:00+01:00", "2026-10-25T22:30:00Z", "PT30M", "10", "20", "raw", "sandbox"]);
  });

  it("fr: BOM, ';' and decimal commas, for one kind and a range", async () => {
    const from = new Date("2026-03-29T00:00:00+01:00"), to = new Date("2026-03-30T00:00:00+02:00");
    const ex = await exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "fr", kinds: ["consumption"], from, to });
    expect(ex.filename).toBe(`foyer-${PRM}-consumption-readings-2026-03-29_2026-03-29.csv`);
    const s = await text(ex.chunks);
    expect(s.startsWith("\uFEFFmeter;kind;start_local;")).toBe(true);
    const body = s.split("\r\n").slice(1, -1);
    expect(body).toHaveLength(46);
    expect(body[0]).toBe(`${PRM};consumption;2026-03-29T00:00:00+01:00;2026-03-28T23:00:00Z;PT30M;${(((Date.parse("2026-03-28T23:00:00Z") / HALF_HOUR) % 700) + 0.5).toString().replace(".", ",")};${(((Date.parse("2026-03-28T23:00:00Z") / HALF_HOUR) % 700) * 2 + 1)};raw;enedis`);
  });

  it("someone else's meter is not found; an admin may export any", async () => {
    await expect(exportMeterHistory(callerOf(other), meterId, { format: "csv", dialect: "en" })).rejects.toMatchObject({ kind: "not_found", detail: "Meter not found" });
    await expect(exportMeterHistory(callerOf(owner), 999_999, { format: "xml" })).rejects.toMatchObject({ kind: "not_found" });
    const ex = await exportMeterHistory(callerOf(admin), otherMeterId, { format: "csv", dialect: "en" });
    expect((await text(ex.chunks)).split("\r\n").slice(1, -1)).toHaveLength(48 + 46);
  });
});

describe("XML export (modelled on IEC 62746-4)", () => {
  it("is valid against the XSD; a Period per stored local day with 46 and 50 points; every reading once", async () => {
    const ex = await exportMeterHistory(callerOf(owner), meterId, { format: "xml" }, new Date("2026-11-23T21:00:00.456Z"));
    expect(ex.filename).toBe(`foyer-${PRM}-readings.xml`);
    expect(ex.contentType).toBe("application/xml; charset=utf-8");
    const xml = await text(ex.chunks);
    const v = await validateIec62746(xml);
    expect(v.errors).toEqual([]);
    expect(v.valid).toBe(true);
    expect(xml).toContain(`<mRID>FOYER-${PRM}-20261123T210000Z</mRID>`);
    // the document's Period: the local days from the first reading's to the last one's
    expect(xml).toContain("<Period><timeInterval><start>2026-03-27T23:00Z</start><end>2026-10-26T23:00Z</end></timeInterval></Period>");
    const series = xml.split("<Series>\n    <mRID>").slice(1);
    expect(series.map((s) => s.slice(0, s.indexOf("<")))).toEqual([`${PRM}-consumption`, `${PRM}-production`]);
    const periodsOf = (s: string) => [...s.matchAll(/<start>(.*?)<\/start><end>(.*?)<\/end><\/timeInterval>\n((?:\s*<Point>.*\n)*)/g)].map((m) => [m[1], m[2], m[3].split("<Point>").length - 1]);
    expect(periodsOf(series[0])).toEqual([
      ["2026-03-27T23:00Z", "2026-03-28T23:00Z", 48],
      ["2026-03-28T23:00Z", "2026-03-29T22:00Z", 46],
      ["2026-03-30T22:00Z", "2026-03-31T22:00Z", 48],
      ["2026-10-23T22:00Z", "2026-10-24T22:00Z", 48],
      ["2026-10-24T22:00Z", "2026-10-25T23:00Z", 50],
      ["2026-10-25T23:00Z", "2026-10-26T23:00Z", 44],
    ]);
    expect(periodsOf(series[1])).toEqual([["2026-10-24T22:00Z", "2026-10-25T23:00Z", 50]]);
    expect(xml.split("<Point>").length - 1).toBe(await storedCount(meterId));
    // 26 October: positions 1-4 (00:00-02:00 local), then 9 onwards
    const oct26 = series[0].slice(series[0].indexOf("<start>2026-10-25T23:00Z"));
    expect([...oct26.matchAll(/<position>(\d+)<\/position>/g)].map((m) => Number(m[1])).slice(0, 6)).toEqual([1, 2, 3, 4, 9, 10]);
  });

  it("nothing in range: 422, before any byte", async () => {
    await expect(exportMeterHistory(callerOf(owner), meterId, { format: "xml", from: new Date("2020-01-01T00:00:00Z"), to: new Date("2020-02-01T00:00:00Z") }))
      .rejects.toMatchObject({ kind: "invalid", detail: "No readings to export" });
    await expect(exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "en", from: new Date("2026-02-01T00:00:00Z"), to: new Date("2026-01-01T00:00:00Z") }))
      .rejects.toMatchObject({ kind: "invalid" });
  });
});

describe("streams", () => {
  it("a web ReadableStream and a Node Readable carry the same bytes as the chunks", async () => {
    const expected = await text((await exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "fr" })).chunks);
    // (Response.text() would drop the BOM while decoding: compare bytes)
    const web = Buffer.from(await new Response(toWebStream((await exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "fr" })).chunks)).arrayBuffer());
    expect(web.equals(Buffer.from(expected, "utf8"))).toBe(true);
    let node = "";
    for await (const c of toNodeReadable((await exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "fr" })).chunks)) node += c;
    expect(node).toBe(expected);
    // BOM kept through the encoder: EF BB BF
    const bytes = new Uint8Array(await new Response(toWebStream((await exportMeterHistory(callerOf(owner), meterId, { format: "csv", dialect: "fr" })).chunks)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("a cancelled download stops reading", async () => {
    // a year of production (17,520 readings, about 1.7 MB of CSV): 36 pages of 500
    await upsertCurve(meterId, "production", curveDays("2025-01-01", "2026-01-01"), "sandbox");
    let pages = 0;
    async function* counted() {
      for await (const p of readCurveReadings(meterId, { kinds: ["production"], pageSize: 500 })) {
        pages++;
        yield p;
      }
    }
    const { csvChunks } = await import("@/lib/energy/export");
    const stream = toWebStream(csvChunks(counted(), { usagePointId: PRM, dialect: "en" }));
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    // a 64 KiB chunk holds about 650 lines: two pages, and one chunk read ahead at most
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(6);
  });
});
