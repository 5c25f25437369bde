// The operation's files with Enedis: the monthly coefficient file of the dynamic simple key
// (lib/community/coefficients.ts) — 4-decimal percentages adding up to exactly 100 by largest
// remainders, one line per PRM in PRM order, the month's first and last days, CRLF — on
// hand-worked shares and seeded random ones; and the ACC data file (lib/community/acc-csv.ts) on
// small files written inline: sums per meter and Paris day (stamps in several offsets, the October
// clock change), both separators, BOM and CRLF, each kind of bad line with its message and line
// number, the cap of 20 errors, the header and empty files.
import { describe, expect, it } from "vitest";
import { ACC_HEADER, accLine, parseAcc } from "@/lib/community/acc-csv";
import { COEFFICIENT_HEADER, coefficientsCsv } from "@/lib/community/coefficients";

/** A file's lines without the header, as [prm, first day, last day, percent]. */
const linesOf = (csv: string) => csv.split("\r\n").slice(1, -1).map((l) => l.split(";"));
/** The percents of a file in ten-thousandths (integers, so that their sum is exact). */
const unitsOf = (csv: string) => linesOf(csv).map((l) => Math.round(Number(l[3]) * 10_000));

describe("coefficientsCsv", () => {
  const A = "11111111111111";
  const B = "22222222222222";
  const C = "33333333333333";

  it("writes 3 equal shares as 33.3334 / 33.3333 / 33.3333, adding up to 100.0000, with February 2028's 29th", () => {
    // 100 / 3 = 33.33333…: 333,333 ten-thousandths each is 999,999; the one left goes to the
    // largest remainder (all equal: the first)
    const csv = coefficientsCsv("2028-02-01", [A, B, C].map((usagePointId) => ({ usagePointId, percent: 100 / 3 })));
    expect(csv).toBe(
      `${COEFFICIENT_HEADER}\r\n` +
        `${A};2028-02-01;2028-02-29;33.3334\r\n` +
        `${B};2028-02-01;2028-02-29;33.3333\r\n` +
        `${C};2028-02-01;2028-02-29;33.3333\r\n`,
    );
    expect(unitsOf(csv).reduce((s, x) => s + x, 0)).toBe(1_000_000);
  });

  it("gives the rounding to the largest remainders, not to every share above a half", () => {
    // 20.000055 / 30.000065 / 49.99988 % are 200,000.55 / 300,000.65 / 499,998.8 ten-thousandths:
    // floors 999,998, 2 left → to the remainders 0.8 and 0.65; the 0.55 is rounded down.
    // Rounding each share would give 20.0001 + 30.0001 + 49.9999 = 100.0001.
    const csv = coefficientsCsv("2026-03-01", [
      { usagePointId: A, percent: 20.000055 },
      { usagePointId: B, percent: 30.000065 },
      { usagePointId: C, percent: 49.99988 },
    ]);
    expect(linesOf(csv).map((l) => l[3])).toEqual(["20.0000", "30.0001", "49.9999"]);
  });

  it("writes 7 equal shares as one 14.2858 and six 14.2857 (100.0000)", () => {
    // 1,000,000 / 7 = 142,857.14…: 7 × 142,857 = 999,999, one left
    const prms = Array.from({ length: 7 }, (_, i) => `9999999999999${i}`);
    const csv = coefficientsCsv("2026-04-01", prms.map((usagePointId) => ({ usagePointId, percent: 100 / 7 })));
    expect(linesOf(csv).map((l) => l[3])).toEqual(["14.2858", ...Array(6).fill("14.2857")]);
  });

  it("sorts the lines by PRM whatever the members' order, each keeping its share", () => {
    const csv = coefficientsCsv("2026-01-01", [
      { usagePointId: C, percent: 50 },
      { usagePointId: A, percent: 30 },
      { usagePointId: B, percent: 20 },
    ]);
    expect(linesOf(csv)).toEqual([
      [A, "2026-01-01", "2026-01-31", "30.0000"],
      [B, "2026-01-01", "2026-01-31", "20.0000"],
      [C, "2026-01-01", "2026-01-31", "50.0000"],
    ]);
  });

  it("scales shares that do not add up to 100", () => {
    // 1 + 1 + 2 = 4: 25 %, 25 %, 50 %
    const csv = coefficientsCsv("2026-01-01", [{ usagePointId: A, percent: 1 }, { usagePointId: B, percent: 1 }, { usagePointId: C, percent: 2 }]);
    expect(linesOf(csv).map((l) => l[3])).toEqual(["25.0000", "25.0000", "50.0000"]);
  });

  it("ends each month on its last day: 28 or 29 in February, 30, 31, across the year's end", () => {
    const last = (month: string) => linesOf(coefficientsCsv(month, [{ usagePointId: A, percent: 100 }]))[0][2];
    expect(last("2028-02-01")).toBe("2028-02-29");
    expect(last("2027-02-01")).toBe("2027-02-28");
    expect(last("2026-04-01")).toBe("2026-04-30");
    expect(last("2026-12-01")).toBe("2026-12-31");
    expect(linesOf(coefficientsCsv("2026-12-01", [{ usagePointId: A, percent: 100 }]))[0]).toEqual([A, "2026-12-01", "2026-12-31", "100.0000"]);
  });

  it("adds up to exactly 100.0000 for any shares, each within a ten-thousandth of its exact value (seeded random cases)", () => {
    // mulberry32, a tiny seeded PRNG
    let a = 12345;
    const rand = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    for (let k = 0; k < 300; k++) {
      const n = 1 + Math.floor(rand() * 30);
      const w = Array.from({ length: n }, () => 0.01 + rand());
      const sum = w.reduce((s, x) => s + x, 0);
      const shares = w.map((x, i) => ({ usagePointId: String(10_000_000_000_000 + i * 7919), percent: (x / sum) * 100 }));
      const csv = coefficientsCsv("2026-05-01", shares);
      const lines = linesOf(csv);
      expect(lines).toHaveLength(n);
      expect(lines.every((l) => /^\d+\.\d{4}$/.test(l[3]))).toBe(true);
      expect(unitsOf(csv).reduce((s, x) => s + x, 0)).toBe(1_000_000);
      for (const l of lines) {
        const exact = shares.find((s) => s.usagePointId === l[0])!.percent * 10_000;
        expect(Math.abs(Number(l[3]) * 10_000 - exact)).toBeLessThan(1);
      }
    }
  });
});

describe("parseAcc: good files", () => {
  const P1 = "10000000000001";
  const P2 = "30000000000002";

  it("sums the values per meter and Paris day, whatever the stamp's offset, across the October clock change", () => {
    const file = [
      ACC_HEADER,
      // 2026-10-25 00:00 CEST: the day's first half hour
      `${P2};CONS;2026-10-25T00:00:00+02:00;PT30M;100`,
      // 02:30 CET (01:30Z), after the clocks went back from 03:00 CEST to 02:00 CET: still the 25th
      `${P2};CONS;2026-10-25T02:30:00+01:00;PT30M;150,5`,
      // the day's total of the allocated production, dated at local midnight
      `${P2};AUTOCONS;2026-10-25T00:00:00+02:00;P1D;40`,
      // 23:30 CEST on the 24th: the day before
      `${P2};CONS;2026-10-24T23:30:00+02:00;PT30M;70`,
      // 22:30Z on the 24th is 00:30 CEST on the 25th in Paris
      `${P1};PROD;2026-10-24T22:30:00Z;PT15M;500`,
      `${P1};AUTOPROD;2026-10-25T00:00:00+02:00;P1D;300`,
      // 01:00+05:00 on the 25th is 20:00Z, 22:00 CEST on the 24th in Paris
      `${P1};SURPLUS;2026-10-25T01:00:00+05:00;PT30M;12`,
      // 23:30Z on the 25th is 00:30 CET on the 26th in Paris
      `${P1};SURPLUS;2026-10-25T23:30:00Z;PT30M;8`,
    ].join("\n");
    const r = parseAcc(file);
    expect(r.errors).toEqual([]);
    expect(r.lines).toBe(8);
    // sorted by day, then PRM; CONS on the 25th: 100 + 150.5 = 250.5
    expect(r.days).toEqual([
      { usagePointId: P1, day: "2026-10-24", SURPLUS: 12 },
      { usagePointId: P2, day: "2026-10-24", CONS: 70 },
      { usagePointId: P1, day: "2026-10-25", PROD: 500, AUTOPROD: 300 },
      { usagePointId: P2, day: "2026-10-25", CONS: 250.5, AUTOCONS: 40 },
      { usagePointId: P1, day: "2026-10-26", SURPLUS: 8 },
    ]);
  });

  it("reads a BOM, CRLF, blank lines, an upper-case header, spaces around fields and commas as separators", () => {
    const semicolons = `\uFEFFPRM;Type;Horodate;Pas;Valeur_Wh\r\n${P1};COMPLEMENT;2026-01-10T12:00:00+01:00;PT30M;10\r\n\r\n ${P1} ; COMPLEMENT ; 2026-01-10T12:30+01:00 ; PT30M ; 5 \r\n`;
    const commas = `prm,type,horodate,pas,valeur_wh\n${P1},COMPLEMENT,2026-01-10T12:00:00.000+01:00,PT30M,10\n${P1},COMPLEMENT,2026-01-10T11:30:00Z,PT30M,5\n`;
    for (const file of [semicolons, commas]) {
      const r = parseAcc(file);
      expect(r.errors).toEqual([]);
      expect(r.lines).toBe(2);
      expect(r.days).toEqual([{ usagePointId: P1, day: "2026-01-10", COMPLEMENT: 15 }]);
    }
  });

  it("reads back the lines accLine writes, the energy rounded to the Wh", () => {
    const file = [ACC_HEADER, accLine(P2, "CONS", "2026-03-29T03:00:00+02:00", "PT30M", 12.6), accLine(P2, "CONS", "2026-03-29T00:00:00+01:00", "P1D", 1000.4)].join("\n");
    expect(file.split("\n")[1]).toBe(`${P2};CONS;2026-03-29T03:00:00+02:00;PT30M;13`);
    const r = parseAcc(file);
    expect(r.errors).toEqual([]);
    expect(r.days).toEqual([{ usagePointId: P2, day: "2026-03-29", CONS: 1013 }]);
  });
});

describe("parseAcc: bad files", () => {
  const P = "30000000000002";
  const T = "2026-10-25T00:00:00+02:00";

  it("refuses a day that does not exist (not moved to the next month) and numbers written otherwise than in decimals", () => {
    const r = parseAcc([ACC_HEADER, `${P};CONS;2026-02-30T00:00:00+01:00;P1D;100`, `${P};CONS;2026-02-29T00:00:00+01:00;P1D;100`, `${P};CONS;${T};PT30M;0x10`, `${P};CONS;${T};PT30M;1e3`, `${P};CONS;${T};PT30M;12,5`].join("\n"));
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(r.days).toEqual([{ usagePointId: P, day: "2026-10-25", CONS: 12.5 }]);
  });

  it("names each bad line with its number (blank lines counted) and its reason", () => {
    const file = [
      ACC_HEADER, //                                   line 1
      `${P};CONS;${T};PT30M`, //                       line 2
      `3000000000000;CONS;${T};PT30M;100`, //          line 3: 13 digits
      `${P};cons;${T};PT30M;100`, //                   line 4
      `${P};CONS;2026-10-25T00:00:00;PT30M;100`, //    line 5: no offset
      `${P};CONS;2026-10-25T25:00:00+02:00;PT30M;100`, // line 6: hour 25
      `${P};CONS;25/10/2026 00:00;PT30M;100`, //       line 7
      `${P};CONS;${T};PT60M;100`, //                   line 8
      "", //                                           line 9: blank, skipped
      `${P};CONS;${T};PT30M;-5`, //                    line 10
      `${P};CONS;${T};PT30M;abc`, //                   line 11
      `${P};CONS;${T};PT30M;`, //                      line 12: empty value
      `${P};CONS;${T};PT30M;100;7`, //                 line 13
      `${P};CONS;2026-10-25T00:30:00+02:00;PT30M;100`, // line 14: good
    ].join("\n");
    const r = parseAcc(file);
    expect(r.errors).toEqual([
      { line: 2, message: "5 fields expected, 4 found" },
      { line: 3, message: '"3000000000000" is not a 14-digit usage point' },
      { line: 4, message: 'type "cons" is not one of CONS, AUTOCONS, COMPLEMENT, PROD, AUTOPROD, SURPLUS' },
      { line: 5, message: '"2026-10-25T00:00:00" is not a date and time with its offset (ISO 8601)' },
      { line: 6, message: '"2026-10-25T25:00:00+02:00" is not a date and time with its offset (ISO 8601)' },
      { line: 7, message: '"25/10/2026 00:00" is not a date and time with its offset (ISO 8601)' },
      { line: 8, message: 'step "PT60M" is not PT30M, PT15M or P1D' },
      { line: 10, message: '"-5" is not an energy in Wh (a number, not negative)' },
      { line: 11, message: '"abc" is not an energy in Wh (a number, not negative)' },
      { line: 12, message: '"" is not an energy in Wh (a number, not negative)' },
      { line: 13, message: "5 fields expected, 6 found" },
    ]);
    // lines 2-8 and 10-14: 12 lines of values (the blank one not counted)
    expect(r.lines).toBe(12);
  });

  it("cuts long values short in its messages", () => {
    const r = parseAcc(`${ACC_HEADER}\n${"9".repeat(30)};CONS;${T};PT30M;1`);
    expect(r.errors).toEqual([{ line: 2, message: `"${"9".repeat(20)}" is not a 14-digit usage point` }]);
  });

  it("keeps the first 20 errors of a file with more, and still counts every line", () => {
    // lines 2 to 26: 25 bad values; line 27 good
    const rows = Array.from({ length: 25 }, (_, i) => `${P};CONS;${T};PT30M;x${i}`);
    const r = parseAcc([ACC_HEADER, ...rows, `${P};CONS;${T};PT30M;1`].join("\n"));
    expect(r.errors).toHaveLength(20);
    expect(r.errors[0]).toEqual({ line: 2, message: '"x0" is not an energy in Wh (a number, not negative)' });
    expect(r.errors[19]).toEqual({ line: 21, message: '"x19" is not an energy in Wh (a number, not negative)' });
    expect(r.lines).toBe(26);
  });

  it("refuses a file without its header, or with another one, reading nothing of it", () => {
    const message = 'The first line must be the header "prm;type;horodate;pas;valeur_wh"';
    // the header left out: the first line is a value
    expect(parseAcc(`${P};CONS;${T};PT30M;100\n${P};CONS;${T};PT30M;100`)).toEqual({ days: [], lines: 0, errors: [{ line: 1, message }] });
    // Enedis' customer-area names instead of these
    expect(parseAcc(`prm;type;date;pas;valeur\n${P};CONS;${T};PT30M;100`)).toEqual({ days: [], lines: 0, errors: [{ line: 1, message }] });
  });

  it("refuses an empty file, and a file with its header only", () => {
    expect(parseAcc("").errors).toEqual([{ line: 1, message: 'The first line must be the header "prm;type;horodate;pas;valeur_wh"' }]);
    for (const file of [ACC_HEADER, `${ACC_HEADER}\r\n`, `${ACC_HEADER}\n\n  \n`]) {
      expect(parseAcc(file)).toEqual({ days: [], lines: 0, errors: [{ line: 2, message: "The file holds no values" }] });
    }
  });
});
