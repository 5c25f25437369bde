// The Enedis customer-area load-curve CSV (lib/energy/import/enedis-csv.ts) against real-shaped
// files (tests/fixtures/enedis/customer-area-*.csv, written by make-customer-area.py from
// zoneinfo): BOM, CRLF, the header block, both 2026 clock changes, bad lines with their numbers,
// another meter, empty files, other steps, the one-row-per-value layout, and streaming.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnedisCsvError, linesOf, parseEnedisCsv } from "@/lib/energy/import/enedis-csv";

const FIXTURES = path.resolve("tests/fixtures/enedis");
const NOW = Date.parse("2026-11-23T12:00:00Z");
const HALF_HOUR = 1_800_000;

/** A file's bytes in chunks of `size` (cutting lines, CRLF pairs and UTF-8 sequences anywhere). */
async function* chunks(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const parseFile = (name: string, size?: number, opts = {}) => parseEnedisCsv(chunks(fixture(name), size), { now: NOW, ...opts });
async function* text(s: string): AsyncGenerator<string> {
  yield s;
}
const parseText = (s: string, opts = {}) => parseEnedisCsv(text(s), { now: NOW, ...opts });

const HEAD = "Identifiant PRM;Type de donnees;Date de debut;Date de fin;Grandeur physique;Grandeur metier;Etape metier;Unite;Pas en minutes";
const META = "99999999999991;Courbe de charge;05/01/2026;06/01/2026;Energie active;Consommation;Comptage Brut;W;30";

async function fatal(p: Promise<unknown>): Promise<EnedisCsvError> {
  const err = await p.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(EnedisCsvError);
  return err as EnedisCsvError;
}

describe("Enedis customer-area CSV", () => {
  it("reads the header block, BOM and CRLF, and both 2026 clock changes (46 and 50 points)", async () => {
    for (const size of [3, 64, 1 << 20]) {
      const f = await parseFile("customer-area-dst-2026.csv", size);
      expect(f).toMatchObject({ format: "block", usagePointId: "99999999999991", kind: "consumption", stepMinutes: 30, quality: "BRUT", badCount: 0, emptyValues: 0, duplicates: 0 });
      expect(f.declared).toEqual({ from: "28/03/2026", to: "27/10/2026" });
      expect(f.points).toHaveLength(48 + 46 + 48 + 48 + 50 + 48);
      expect(f.days).toBe(6);
      // the first interval ends 00:30 local on 28 March: it starts at local midnight (23:00Z)
      expect(f.first!.toISOString()).toBe("2026-03-27T23:00:00.000Z");
      expect(f.last!.toISOString()).toBe("2026-10-26T23:00:00.000Z");
      const day = (from: string, to: string) => f.points.filter((p) => p.start.getTime() >= Date.parse(from) && p.start.getTime() < Date.parse(to));
      expect(day("2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z")).toHaveLength(46);
      expect(day("2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z")).toHaveLength(50);
      // ordered, on the half-hour grid, 30 minutes each, W / 2 = Wh
      for (let i = 1; i < f.points.length; i++) expect(f.points[i].start.getTime()).toBeGreaterThan(f.points[i - 1].start.getTime());
      expect(f.points.every((p) => p.stepMin === 30 && p.start.getTime() % HALF_HOUR === 0)).toBe(true);
      // 2026-10-25T02:00:00+01:00;700 is the second 01:30-02:00 local interval: it starts 01:00Z
      expect(f.points.find((p) => p.start.toISOString() === "2026-10-25T00:30:00.000Z")!.wh).toBe(350);
    }
  });

  it("lists bad lines with their numbers and reasons, skips empty values, counts duplicates, accepts lines out of order", async () => {
    const f = await parseFile("customer-area-bad-lines.csv", 5);
    expect(f.badLines.map((b) => b.line)).toEqual([10, 12, 14, 16, 27]);
    expect(f.badCount).toBe(5);
    expect(f.badLines[0]).toEqual({ line: 10, text: "2026-01-05T03:00:00+01:00;12OO", reason: '"12OO" is not a number of watts' });
    expect(f.badLines[1].reason).toMatch(/negative/);
    expect(f.badLines[2].reason).toMatch(/not a date and time/);
    expect(f.badLines[3].reason).toMatch(/"Horodate;Valeur", found 3 fields/);
    expect(f.badLines[4].reason).toBe("the same interval as line 26 with another value (1350 W there)");
    expect(f).toMatchObject({ emptyValues: 1, duplicates: 1, lines: 50 });
    expect(f.points).toHaveLength(48 - 5);
    expect(f.days).toBe(1);
  });

  it("caps the bad lines it lists, not the count", async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `2026-01-0${1 + Math.floor(i / 48)}T00:30:00+01:00;x${i}`);
    const f = await parseText([HEAD, META, "Horodate;Valeur", ...rows].join("\n"), { maxBadLines: 10 });
    expect(f.badLines).toHaveLength(10);
    expect(f.badCount).toBe(80);
    expect(f.badLines[9].line).toBe(13);
  });

  it("names the file's meter so that the service can refuse another one", async () => {
    const f = await parseFile("customer-area-other-prm.csv");
    expect(f.usagePointId).toBe("99999999999992");
    expect(f.points).toHaveLength(48);
  });

  it("refuses an empty file, a header without readings, and a file that is not this export", async () => {
    expect((await fatal(parseFile("customer-area-empty.csv"))).message).toBe("the file is empty");
    expect((await fatal(parseFile("customer-area-header-only.csv"))).message).toMatch(/no reading \(only its header\)/);
    expect((await fatal(parseText("\uFEFF\r\n\r\n"))).message).toBe("the file is empty");
    const notOurs = await fatal(parseText("date,value\n2026-01-05,12\n"));
    expect(notOurs.line).toBe(1);
    expect(notOurs.message).toMatch(/not an Enedis customer-area export/);
    expect((await fatal(parseText("Horodate;Valeur\n2026-01-05T00:30:00+01:00;1\n"))).message).toMatch(/without the header block/);
    expect((await fatal(parseText(`${HEAD}\n${META}\nHorodate;Valeur\n2026-01-05T00:30:00+01:00;\n2026-01-05T01:00:00+01:00;\n`))).message).toMatch(/every value is empty/);
    expect((await fatal(parseText("PK\u0003\u0004\u0000\u0000"))).message).toMatch(/binary/);
  });

  it("refuses other data (index, max power), units, steps, a second meter or series", async () => {
    const index = await fatal(parseText(`${HEAD}\n99999999999991;Index;05/01/2026;06/01/2026;Energie active;Consommation;Comptage Brut;Wh;\n`));
    expect(index.line).toBe(2);
    expect(index.message).toMatch(/holds "Index", not a load curve/);
    expect((await fatal(parseText(`${HEAD}\n99999999999991;Courbe de charge;05/01/2026;06/01/2026;Energie active;Consommation;Comptage Brut;kW;30\n`))).message).toMatch(/in W/);
    expect((await fatal(parseText(`${HEAD}\n1234;Courbe de charge;05/01/2026;06/01/2026;Energie active;Consommation;Comptage Brut;W;30\n`))).message).toMatch(/14 digits/);
    expect((await fatal(parseText(META.replace(";30", ";60").replace(/^/, `${HEAD}\n`)))).message).toMatch(/step is 60 minutes: Foyer imports 30-minute/);
    // a 10-minute file whose header leaves the step empty: found at its second reading
    const ten = await fatal(parseFile("customer-area-10min.csv"));
    expect(ten).toMatchObject({ line: 6 });
    expect(ten.message).toMatch(/step is 10 minutes/);
    // hourly readings without a declared step
    const hourly = [HEAD, META.replace(/;30$/, ";"), "Horodate;Valeur", "2026-01-05T01:00:00+01:00;100", "2026-01-05T02:00:00+01:00;100", "2026-01-05T03:00:00+01:00;100"];
    expect((await fatal(parseText(hourly.join("\n")))).message).toMatch(/step is 60 minutes/);
    const second = await fatal(parseText([HEAD, META, "Horodate;Valeur", "2026-01-05T00:30:00+01:00;1", HEAD, META.replace("Consommation", "Production")].join("\n")));
    expect(second.line).toBe(5);
    expect(second.message).toMatch(/more than one series/);
  });

  it("reads the one-row-per-value layout (accents, local stamps without offset, production)", async () => {
    const f = await parseFile("customer-area-rows-production.csv", 11);
    expect(f).toMatchObject({ format: "rows", usagePointId: "99999999999991", kind: "production", quality: "BRUT", badCount: 0 });
    expect(f.points).toHaveLength(48);
    expect(f.first!.toISOString()).toBe("2026-05-31T22:00:00.000Z");
    const mixed = readFileSync(path.join(FIXTURES, "customer-area-rows-production.csv"), "utf8").split("\r\n");
    mixed[5] = mixed[5].replace("99999999999991", "99999999999992");
    const err = await fatal(parseText(mixed.join("\n")));
    expect(err.line).toBe(6);
    expect(err.message).toMatch(/meter 99999999999992, line 2 for meter 99999999999991/);
  });

  it("reads Windows-1252 lines (a file re-saved by Excel), decimal commas, and refuses the future", async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode("Identifiant PRM;Type de donn"), 0xe9, ...new TextEncoder().encode(`es;Date de d`), 0xe9, ...new TextEncoder().encode(`but;Date de fin;Grandeur physique;Grandeur m`), 0xe9, ...new TextEncoder().encode(`tier;Etape m`), 0xe9, ...new TextEncoder().encode(`tier;Unit`), 0xe9, ...new TextEncoder().encode(`;Pas en minutes\n${META}\nHorodate;Valeur\n2026-01-05T00:30:00+01:00;1200,5\n2026-12-05T00:30:00+01:00;1\n`)]);
    const f = await parseEnedisCsv(chunks(latin1, 4), { now: NOW });
    expect(f.points).toEqual([{ start: new Date("2026-01-04T23:00:00Z"), stepMin: 30, wh: 600.25, quality: "BRUT" }]);
    expect(f.badLines).toEqual([{ line: 5, text: "2026-12-05T00:30:00+01:00;1", reason: "2026-12-05T00:30:00+01:00 is in the future" }]);
  });

  it("splits lines across chunks and never holds a runaway line", async () => {
    const lines: string[] = [];
    for await (const l of linesOf(chunks(new TextEncoder().encode("\uFEFFa;é\r\nb\n\nc"), 1))) lines.push(`${l.n}:${l.text}`);
    expect(lines).toEqual(["1:a;é", "2:b", "3:", "4:c"]);
    const err = await fatal(parseEnedisCsv(text("x".repeat(10_000))));
    expect(err.message).toMatch(/longer than 4096 bytes/);
  });

  it("reads a year of readings (17,520 lines) quickly", async () => {
    const rows: string[] = [HEAD, META, "Horodate;Valeur"];
    for (let t = Date.parse("2025-01-01T00:00:00+01:00") + HALF_HOUR; t <= Date.parse("2026-01-01T00:00:00+01:00"); t += HALF_HOUR) {
      rows.push(`${new Date(t).toISOString().slice(0, 19)}Z;${t % 977}`);
    }
    const t0 = performance.now();
    const f = await parseText(rows.join("\r\n"));
    expect(f.points).toHaveLength(17_520);
    expect(f.days).toBe(365);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe("the import routes' body limit (lib/shared/body-limits.mjs)", () => {
  it("is 20 MB on the two import paths only, never below the global limit", async () => {
    const { maxBodyBytesFor, IMPORT_MAX_BODY_BYTES } = await import("../../lib/shared/body-limits.mjs");
    expect(IMPORT_MAX_BODY_BYTES).toBe(20 * 1024 * 1024);
    expect(maxBodyBytesFor("/api/v1/meters/import", 1 << 20)).toBe(20 * 1024 * 1024);
    expect(maxBodyBytesFor("/api/v1/meters/import/preview", 1 << 20)).toBe(20 * 1024 * 1024);
    expect(maxBodyBytesFor("/api/v1/meters/import/", 1 << 20)).toBe(1 << 20);
    expect(maxBodyBytesFor("/api/v1/meters", 1 << 20)).toBe(1 << 20);
    expect(maxBodyBytesFor("/api/v1/meters/import", 64 << 20)).toBe(64 << 20);
    expect(maxBodyBytesFor("constructor", 1 << 20)).toBe(1 << 20);
  });
});
