// The XML export modelled on IEC 62746-4 (lib/energy/export/iec62746.ts), validated against the
// public ReferenceEnergyCurveHistoricalData XSD (tests/fixtures/iec62746) with xmllint-wasm:
// Series per kind, a Period per Paris local day (46/48/50 points on 2026's days), kWh, gaps,
// and documents the schema must refuse.
import { describe, expect, it } from "vitest";
import { iec62746Chunks, iec62746Document, xmlEscape, type ExportRow, type Iec62746Options } from "@/lib/energy/export";
import { parisDayOf } from "@/lib/time/paris";
import { validateIec62746 } from "../fixtures/iec62746/validate";

const HALF_HOUR = 1_800_000;
const PRM = "24880057139941";
const OPTS: Iec62746Options = { usagePointId: PRM, documentMrid: `FOYER-${PRM}-20261123T210000Z`, createdAt: new Date("2026-11-23T21:00:00.123Z") };

function days(from: string, to: string, extra: Partial<ExportRow> = {}, wh: (i: number) => number = (i) => 100 + i): ExportRow[] {
  const rows: ExportRow[] = [];
  let i = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000; t < Date.parse(`${to}T00:00:00Z`); t += HALF_HOUR) {
    const d = parisDayOf(t);
    if (d >= from && d < to) rows.push({ kind: "consumption", t, wh: wh(i++), stepMin: 30, quality: "raw", source: "enedis", ...extra });
  }
  return rows;
}

async function xmlOf(rows: ExportRow[], opts: Iec62746Options = OPTS): Promise<string> {
  let s = "";
  for await (const c of iec62746Chunks([rows], opts)) s += c;
  return s;
}

/** The Periods of a document: their interval and their points (position → quantity). */
function periods(xml: string) {
  return [...xml.matchAll(/<Period>\s*<resolution>(.*?)<\/resolution>\s*<timeInterval><start>(.*?)<\/start><end>(.*?)<\/end><\/timeInterval>([\s\S]*?)<\/Period>/g)].map((m) => ({
    resolution: m[1],
    start: m[2],
    end: m[3],
    points: [...m[4].matchAll(/<position>(\d+)<\/position><Historical_Quantity><quantity>([^<]+)<\/quantity>(?:<quality>(\w+)<\/quality>)?/g)].map((p) => ({ position: Number(p[1]), kwh: p[2], quality: p[3] })),
  }));
}

describe("IEC 62746-4 document (modelled)", () => {
  it("is valid against the public XSD, with the header the mapping sets", async () => {
    const xml = await xmlOf([...days("2026-03-28", "2026-03-31"), ...days("2026-06-01", "2026-06-02", { kind: "production", quality: "corrected" })],
      { ...OPTS, period: { start: Date.parse("2026-03-27T23:00:00Z"), end: Date.parse("2026-06-01T22:00:00Z") } });
    const v = await validateIec62746(xml);
    expect(v.errors).toEqual([]);
    expect(v.valid).toBe(true);
    expect(xml).toContain('<ReferenceEnergyCurveHistoricalData_MarketDocument xmlns="http://IEC/62746">');
    expect(xml).toContain("<createdDateTime>2026-11-23T21:00:00Z</createdDateTime>");
    expect(xml).toContain(`<Receiver_MarketParticipant>\n    <mRID codingScheme="NFR">${PRM}</mRID>\n    <MarketRole><type>A20</type></MarketRole>`);
    expect(xml).toContain("<Period><timeInterval><start>2026-03-27T23:00Z</start><end>2026-06-01T22:00Z</end></timeInterval></Period>");
    expect(xml).toContain("Modelled on IEC 62746-4");
    // one Series per kind, each with its own codes
    expect([...xml.matchAll(/<mRID>(\d+-\w+)<\/mRID>\s*<businessType>(\w+)<\/businessType>/g)].map((m) => [m[1], m[2]])).toEqual([
      [`${PRM}-consumption`, "A04"],
      [`${PRM}-production`, "A01"],
    ]);
    expect(xml.match(/<direction>\w+<\/direction>/g)).toEqual(["<direction>A02</direction>", "<direction>A01</direction>"]);
    expect(xml.match(/<name>KWH<\/name>/g)).toHaveLength(2);
  });

  it("one Period per local day: 48 points on 28 March, 46 on 29 March (spring forward), 48 on 30 March", async () => {
    const xml = await xmlOf(days("2026-03-28", "2026-03-31"));
    const ps = periods(xml);
    expect(ps.map((p) => [p.resolution, p.start, p.end, p.points.length])).toEqual([
      ["PT30M", "2026-03-27T23:00Z", "2026-03-28T23:00Z", 48],
      ["PT30M", "2026-03-28T23:00Z", "2026-03-29T22:00Z", 46],
      ["PT30M", "2026-03-29T22:00Z", "2026-03-30T22:00Z", 48],
    ]);
    expect(ps[1].points.map((p) => p.position)).toEqual(Array.from({ length: 46 }, (_, i) => i + 1));
    expect((await validateIec62746(xml)).valid).toBe(true);
  });

  it("50 points on 25 October 2026 (fall back), positions 1-50 over a 25-hour interval", async () => {
    const xml = await xmlOf(days("2026-10-24", "2026-10-27"));
    const ps = periods(xml);
    expect(ps.map((p) => [p.start, p.end, p.points.length])).toEqual([
      ["2026-10-23T22:00Z", "2026-10-24T22:00Z", 48],
      ["2026-10-24T22:00Z", "2026-10-25T23:00Z", 50],
      ["2026-10-25T23:00Z", "2026-10-26T23:00Z", 48],
    ]);
    expect(ps[1].points.map((p) => p.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await validateIec62746(xml)).valid).toBe(true);
  });

  it("quantities in kWh, quality A04 for raw and A01 for corrected values, none for others", async () => {
    const t = Date.parse("2026-01-05T00:00:00Z");
    const xml = await xmlOf([
      { kind: "consumption", t, wh: 1019.5, stepMin: 30, quality: "raw", source: "enedis" },
      { kind: "consumption", t: t + HALF_HOUR, wh: 600, stepMin: 30, quality: "corrected", source: "enedis" },
      { kind: "consumption", t: t + 2 * HALF_HOUR, wh: 0.5, stepMin: 30, quality: "other", source: "import" },
    ]);
    expect(periods(xml)[0].points).toEqual([
      { position: 3, kwh: "1.0195", quality: "A04" },
      { position: 4, kwh: "0.6", quality: "A01" },
      { position: 5, kwh: "0.0005", quality: undefined },
    ]);
    expect((await validateIec62746(xml)).valid).toBe(true);
  });

  it("a half hour without a reading has no Point (never a zero); the day keeps its positions", async () => {
    const rows = days("2026-02-02", "2026-02-03").filter((_, i) => i < 10 || i >= 14);
    const [p] = periods(await xmlOf(rows));
    expect(p.points).toHaveLength(44);
    expect(p.points.map((x) => x.position).slice(8, 12)).toEqual([9, 10, 15, 16]);
    expect(p.points.some((x) => x.kwh === "0")).toBe(false);
    expect((await validateIec62746(await xmlOf(rows))).valid).toBe(true);
  });

  it("streams a Period at a time: a year comes in many chunks", async () => {
    const chunks: string[] = [];
    const year = days("2026-01-01", "2027-01-01");
    for await (const c of iec62746Chunks([year.slice(0, 9000), year.slice(9000)], OPTS)) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(20);
    const xml = chunks.join("");
    expect(periods(xml)).toHaveLength(365);
    expect(periods(xml).reduce((n, p) => n + p.points.length, 0)).toBe(17_520);
    expect((await validateIec62746(xml)).valid).toBe(true);
  });
});

describe("what the schema refuses (the validation can fail)", () => {
  it("a Point at position 0, a 61-character mRID, a missing curveType, an unknown unit", async () => {
    const good = await xmlOf(days("2026-01-05", "2026-01-06"));
    expect((await validateIec62746(good)).valid).toBe(true);
    const broken = {
      position0: good.replace("<position>1</position>", "<position>0</position>"),
      longMrid: good.replace(`<mRID>${OPTS.documentMrid}</mRID>`, `<mRID>${"x".repeat(61)}</mRID>`),
      noCurveType: good.replace("<curveType>A01</curveType>", ""),
      unit: good.replace("<name>KWH</name>", "<name>Wh</name>"),
      localTime: good.replace("<start>2026-01-04T23:00Z</start>", "<start>2026-01-05T00:00+01:00</start>"),
      notXml: good.slice(0, good.length - 20),
    };
    for (const [what, xml] of Object.entries(broken)) {
      const v = await validateIec62746(xml);
      expect({ what, valid: v.valid }).toEqual({ what, valid: false });
      expect(v.errors.length).toBeGreaterThan(0);
    }
  });

  it("the formatter itself refuses what would make an invalid document", async () => {
    await expect(xmlOf([])).rejects.toThrow(/no readings/);
    await expect(xmlOf(days("2026-01-05", "2026-01-06"), { ...OPTS, documentMrid: "x".repeat(61) })).rejects.toThrow(/mRID/);
    await expect(xmlOf(days("2026-01-05", "2026-01-06"), { ...OPTS, usagePointId: "12345678901234567" })).rejects.toThrow(/usage point/);
    const twoDays = days("2026-01-05", "2026-01-07");
    await expect(xmlOf([...twoDays.slice(48), ...twoDays.slice(0, 48)])).rejects.toThrow(/ordered/);
    const mixed = days("2026-01-05", "2026-01-06");
    mixed[5] = { ...mixed[5], stepMin: 60 };
    await expect(xmlOf(mixed)).rejects.toThrow(/one day/);
    await expect(xmlOf([{ ...mixed[0], t: mixed[0].t + 60_000 }])).rejects.toThrow(/grid/);
    const back = [...days("2026-01-05", "2026-01-06"), ...days("2026-01-05", "2026-01-06", { kind: "production" }), ...days("2026-01-06", "2026-01-07")];
    await expect(xmlOf(back)).rejects.toThrow(/ordered/);
  });

  it("escapes what it writes", () => {
    expect(xmlEscape(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
  });
});

describe("IEC 62746-4 document of several resources (the grid partner's read of an event)", () => {
  // Tuesday 24 November 2026, 18:00-20:00 in Paris: 17:00-19:00 UTC, four half hours
  const start = Date.parse("2026-11-24T17:00:00Z"), end = Date.parse("2026-11-24T19:00:00Z");
  const series = (resource: string, wh: (number | null)[]) => ({
    mrid: `${resource}-consumption`,
    resource,
    kind: "consumption" as const,
    periods: [{ start, end, stepMin: 30, points: wh.flatMap((v, i) => (v === null ? [] : [{ position: i + 1, wh: v }])) }],
  });
  const doc = (s: ReturnType<typeof series>[]) =>
    iec62746Document({ documentMrid: "foyer-event-7-results-1", createdAt: new Date("2026-11-25T08:00:00.400Z"), receiver: { mrid: "partner-3", codingScheme: "NFR", role: "A04" }, period: { start, end }, series: s });

  it("is valid against the public XSD: one Series per household, the window as its Period, a missing half hour without a Point", async () => {
    const xml = doc([series("0123456789abcdef", [400, null, 250, 100]), series("fedcba9876543210", [1000, 1000, 1000, 1000])]);
    const v = await validateIec62746(xml);
    expect(v.errors).toEqual([]);
    expect(v.valid).toBe(true);
    expect(xml).toContain(`<Receiver_MarketParticipant>\n    <mRID codingScheme="NFR">partner-3</mRID>\n    <MarketRole><type>A04</type></MarketRole>`);
    expect(xml).toContain("<createdDateTime>2026-11-25T08:00:00Z</createdDateTime>");
    expect(xml).toContain('<RegisteredResource><mRID codingScheme="NFR">0123456789abcdef</mRID></RegisteredResource>');
    // 400 Wh → 0.4 kWh at position 1; position 2 missing; 0.25 and 0.1 kWh at 3 and 4
    expect(periods(xml)[0]).toEqual({ resolution: "PT30M", start: "2026-11-24T17:00Z", end: "2026-11-24T19:00Z", points: [{ position: 1, kwh: "0.4", quality: undefined }, { position: 3, kwh: "0.25", quality: undefined }, { position: 4, kwh: "0.1", quality: undefined }] });
    expect(periods(xml)).toHaveLength(2);
  });

  it("refuses a document without a Series, a Period without a Point, or a resource longer than the schema takes", () => {
    expect(() => doc([])).toThrow("no Series");
    expect(() => doc([series("0123456789abcdef", [null, null, null, null])])).toThrow("a Period without a Point");
    expect(() => doc([series("0123456789abcdef0", [1, 1, 1, 1])])).toThrow("a resource's mRID must be 1 to 16 characters");
  });
});
