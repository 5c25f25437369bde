// The CSV export format (lib/energy/export/csv.ts): both dialects, the header, local and UTC
// columns on the 2026 clock changes, escaping and formula neutralising, and streaming.
import { describe, expect, it } from "vitest";
import { csvChunks, csvText, decimal, isoParis, isoUtc, type ExportRow } from "@/lib/energy/export";
import { parisDayOf, parisLocalString, parisOffsetMinutes } from "@/lib/time/paris";

const HALF_HOUR = 1_800_000;
const PRM = "24880057139941";

/** The 30-minute readings of Paris local days [from, to). */
function days(from: string, to: string, wh: (i: number) => number = () => 100, extra: Partial<ExportRow> = {}): ExportRow[] {
  const rows: ExportRow[] = [];
  let i = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000; t < Date.parse(`${to}T00:00:00Z`); t += HALF_HOUR) {
    const d = parisDayOf(t);
    if (d >= from && d < to) rows.push({ kind: "consumption", t, wh: wh(i++), stepMin: 30, quality: "raw", source: "enedis", ...extra });
  }
  return rows;
}

async function text(gen: AsyncIterable<string>): Promise<string> {
  let s = "";
  for await (const c of gen) s += c;
  return s;
}

const lines = (s: string) => s.split("\r\n").slice(0, -1);

describe("CSV, en dialect", () => {
  it("a header row, then one comma-separated line per reading, CRLF, decimal point, no BOM", async () => {
    const rows: ExportRow[] = [
      { kind: "consumption", t: Date.parse("2026-01-05T00:00:00Z"), wh: 1019.5, stepMin: 30, quality: "raw", source: "enedis" },
      { kind: "consumption", t: Date.parse("2026-01-05T00:30:00Z"), wh: 600, stepMin: 30, quality: "corrected", source: "import" },
      { kind: "production", t: Date.parse("2026-07-01T10:00:00Z"), wh: 0.25, stepMin: 30, quality: "other", source: "sandbox" },
    ];
    const s = await text(csvChunks([rows], { usagePointId: PRM, dialect: "en" }));
    expect(s.charCodeAt(0)).not.toBe(0xfeff);
    expect(s.endsWith("\r\n")).toBe(true);
    expect(s.replaceAll("\r\n", "")).not.toContain("\n");
    expect(lines(s)).toEqual([
      "meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source",
      "24880057139941,consumption,2026-01-05T01:00:00+01:00,2026-01-05T00:00:00Z,PT30M,1019.5,2039,raw,enedis",
      "24880057139941,consumption,2026-01-05T01:30:00+01:00,2026-01-05T00:30:00Z,PT30M,600,1200,corrected,import",
      "24880057139941,production,2026-07-01T12:00:00+02:00,2026-07-01T10:00:00Z,PT30M,0.25,0.5,other,sandbox",
    ]);
  });

  it("only a header when there is nothing to export", async () => {
    expect(await text(csvChunks([], { usagePointId: PRM, dialect: "en" }))).toBe("meter,kind,start_local,start_utc,duration,energy_wh,average_power_w,quality,source\r\n");
  });

  it("average power follows the step: 100 Wh over 15 minutes is 400 W", async () => {
    const s = await text(csvChunks([[{ kind: "consumption", t: Date.parse("2026-01-05T00:15:00Z"), wh: 100, stepMin: 15, quality: "raw", source: "enedis" }]], { usagePointId: PRM, dialect: "en" }));
    expect(lines(s)[1]).toBe("24880057139941,consumption,2026-01-05T01:15:00+01:00,2026-01-05T00:15:00Z,PT15M,100,400,raw,enedis");
  });
});

describe("CSV, fr dialect (French Excel)", () => {
  it("starts with a UTF-8 BOM, separates with ';' and writes decimal commas", async () => {
    const rows: ExportRow[] = [{ kind: "consumption", t: Date.parse("2026-01-05T00:00:00Z"), wh: 1019.25, stepMin: 30, quality: "raw", source: "enedis" }];
    const s = await text(csvChunks([rows], { usagePointId: PRM, dialect: "fr" }));
    expect(s.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(s, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines(s.slice(1))).toEqual([
      "meter;kind;start_local;start_utc;duration;energy_wh;average_power_w;quality;source",
      "24880057139941;consumption;2026-01-05T01:00:00+01:00;2026-01-05T00:00:00Z;PT30M;1019,25;2038,5;raw;enedis",
    ]);
  });

  it("the BOM comes once, before the header, however many chunks follow", async () => {
    const s = await text(csvChunks([days("2026-01-01", "2026-03-01")], { usagePointId: PRM, dialect: "fr" }));
    expect(s.split("\uFEFF")).toHaveLength(2);
    expect(s.startsWith("\uFEFFmeter;")).toBe(true);
  });
});

describe("clock changes (Europe/Paris, 2026)", () => {
  it("29 March 2026 has 46 half hours: local time jumps from 01:30+01:00 to 03:00+02:00, UTC runs on", async () => {
    const rows = days("2026-03-29", "2026-03-30");
    expect(rows).toHaveLength(46);
    const body = lines(await text(csvChunks([rows], { usagePointId: PRM, dialect: "en" }))).slice(1).map((l) => l.split(","));
    expect(body).toHaveLength(46);
    expect(body[0].slice(2, 4)).toEqual(["2026-03-29T00:00:00+01:00", "2026-03-28T23:00:00Z"]);
    expect(body.slice(3, 6).map((c) => c.slice(2, 4))).toEqual([
      ["2026-03-29T01:30:00+01:00", "2026-03-29T00:30:00Z"],
      ["2026-03-29T03:00:00+02:00", "2026-03-29T01:00:00Z"],
      ["2026-03-29T03:30:00+02:00", "2026-03-29T01:30:00Z"],
    ]);
    expect(body[45].slice(2, 4)).toEqual(["2026-03-29T23:30:00+02:00", "2026-03-29T21:30:00Z"]);
    expect(body.some((c) => c[2].startsWith("2026-03-29T02:"))).toBe(false);
    // every UTC start is 30 minutes after the previous one
    const utc = body.map((c) => Date.parse(c[3]));
    expect(utc.every((t, i) => i === 0 || t - utc[i - 1] === HALF_HOUR)).toBe(true);
  });

  it("25 October 2026 has 50 half hours: 02:00 and 02:30 come twice, told apart by their offsets", async () => {
    const rows = days("2026-10-25", "2026-10-26");
    expect(rows).toHaveLength(50);
    const body = lines(await text(csvChunks([rows], { usagePointId: PRM, dialect: "en" }))).slice(1).map((l) => l.split(","));
    expect(body).toHaveLength(50);
    expect(body.slice(4, 8).map((c) => c.slice(2, 4))).toEqual([
      ["2026-10-25T02:00:00+02:00", "2026-10-25T00:00:00Z"],
      ["2026-10-25T02:30:00+02:00", "2026-10-25T00:30:00Z"],
      ["2026-10-25T02:00:00+01:00", "2026-10-25T01:00:00Z"],
      ["2026-10-25T02:30:00+01:00", "2026-10-25T01:30:00Z"],
    ]);
    expect(new Set(body.map((c) => c[2])).size).toBe(50);
    expect(body[49].slice(2, 4)).toEqual(["2026-10-25T23:30:00+01:00", "2026-10-25T22:30:00Z"]);
    // the local column read back gives the same instants as the UTC column
    expect(body.every((c) => Date.parse(c[2]) === Date.parse(c[3]))).toBe(true);
  });

  it("isoParis on either side of each change", () => {
    expect(isoParis(Date.parse("2026-03-29T00:59:59Z"))).toBe("2026-03-29T01:59:59+01:00");
    expect(isoParis(Date.parse("2026-03-29T01:00:00Z"))).toBe("2026-03-29T03:00:00+02:00");
    expect(isoParis(Date.parse("2026-10-25T00:59:00Z"))).toBe("2026-10-25T02:59:00+02:00");
    expect(isoParis(Date.parse("2026-10-25T01:00:00Z"))).toBe("2026-10-25T02:00:00+01:00");
  });
});

describe("stamps (cached per day) agree with Date and Intl", () => {
  it("every half hour of 2025-2027 and odd seconds, in UTC and in Paris time", () => {
    const ref = (t: number) => {
      const off = parisOffsetMinutes(t);
      return `${parisLocalString(t).replace(" ", "T")}${off < 0 ? "-" : "+"}${String(Math.floor(Math.abs(off) / 60)).padStart(2, "0")}:${String(Math.abs(off) % 60).padStart(2, "0")}`;
    };
    const from = Date.parse("2025-01-01T00:00:00Z"), to = Date.parse("2028-01-01T00:00:00Z");
    const instants: number[] = [];
    for (let t = from; t < to; t += HALF_HOUR) instants.push(t);
    for (let i = 0; i < 2000; i++) instants.push(from + Math.floor(((i * 7919.37) % 1) * (to - from)) + i * 1013);
    instants.push(Date.parse("1969-12-31T23:59:59Z"), Date.parse("2026-03-29T00:59:59.999Z"));
    for (const t of instants) {
      expect(isoUtc(t)).toBe(new Date(t).toISOString().slice(0, 19) + "Z");
      expect(isoParis(t)).toBe(ref(t));
    }
  });
});

describe("escaping and CSV injection", () => {
  it("quotes fields holding the separator, quotes or line breaks, and doubles quotes", () => {
    expect(csvText("plain", ",")).toBe("plain");
    expect(csvText("a,b", ",")).toBe('"a,b"');
    expect(csvText("a,b", ";")).toBe("a,b");
    expect(csvText("a;b", ";")).toBe('"a;b"');
    expect(csvText('say "hi"', ",")).toBe('"say ""hi"""');
    expect(csvText("two\nlines", ",")).toBe('"two\nlines"');
    expect(csvText("cr\rhere", ";")).toBe('"cr\rhere"');
  });

  it("neutralises what a spreadsheet would run as a formula", () => {
    for (const f of ["=1+1", "+33", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvText(f, ",").replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvText('=HYPERLINK("http://evil.example","x")', ",")).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it("a hostile meter name stays one inert field in every line", async () => {
    const rows: ExportRow[] = [{ kind: "consumption", t: Date.parse("2026-01-05T00:00:00Z"), wh: 1, stepMin: 30, quality: "raw", source: "enedis" }];
    for (const dialect of ["en", "fr"] as const) {
      const s = await text(csvChunks([rows], { usagePointId: '=cmd|" /C calc"!A0;,', dialect }));
      const line = lines(s)[1];
      expect(line.startsWith(`"'=cmd|"" /C calc""!A0;,"`)).toBe(true);
    }
  });
});

describe("numbers", () => {
  it("plain decimals: never an exponent, at most 3 places, no trailing zeros", () => {
    expect(decimal(100)).toBe("100");
    expect(decimal(1019.5)).toBe("1019.5");
    expect(decimal(0.1 + 0.2)).toBe("0.3");
    expect(decimal(1e-7)).toBe("0");
    expect(decimal(1e-7, 6)).toBe("0");
    expect(decimal(0.0005, 6)).toBe("0.0005");
    expect(decimal(123456789.125)).toBe("123456789.125");
  });
});

describe("streaming", () => {
  it("a year comes in chunks of about 64 KiB that add up to the whole, one line per reading", async () => {
    const year = days("2026-01-01", "2027-01-01", (i) => i % 977);
    expect(year).toHaveLength(17_520);
    const batches = Array.from({ length: Math.ceil(year.length / 5000) }, (_, i) => year.slice(i * 5000, (i + 1) * 5000));
    const chunks: string[] = [];
    for await (const c of csvChunks(batches, { usagePointId: PRM, dialect: "en" })) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(65_536 + 200);
    expect(lines(chunks.join(""))).toHaveLength(17_521);
  });

  it("reads its source only as far as the consumer pulls", async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield days("2026-01-01", "2026-01-11");
      }
    }
    const gen = csvChunks(source(), { usagePointId: PRM, dialect: "en" });
    await gen.next();
    expect(pulled).toBeLessThan(3);
    await gen.return(undefined);
    expect(pulled).toBeLessThan(3);
  });

  it("refuses an unknown dialect", async () => {
    await expect(text(csvChunks([], { usagePointId: PRM, dialect: "de" as never }))).rejects.toThrow(/dialect/);
  });
});
