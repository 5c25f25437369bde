import { describe, expect, it } from "vitest";
import { dayMonthText, eurText, kwhText, rangeText } from "@/components/energy/format";
import { fixedText } from "@/components/ui/numbers";
import { withoutIntlFormatters } from "../helpers/intl";

const intl = (locale: "en" | "fr", digits: number) => new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe("numbers written as Intl writes them, without it", () => {
  it("rounds and groups like Intl.NumberFormat in English and French", () => {
    // a fixed sequence (no Math.random: a failure must be the same on the next run)
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const values = [0, -0, 1, -1, 0.5, 1.005, 2.675, 1.045, 0.125, 0.375, 8.345, -0.001, -0.004, 0.005, 9.995, 99.95, 999.9999, 1234.5, 1234567.891, 0.1 + 0.2, 123456789012.345, 2 ** 53, 1e20,
      // what JavaScript writes with an exponent, and what is not a number
      1e21, -1.5e21, 1.2345678901234567e25, 5e-7, -5e-7, 1.5e-7, 4.9e-10, Number.MAX_VALUE, Number.MIN_VALUE, Number.NaN, Infinity, -Infinity];
    for (let i = 0; i < 4000; i++) {
      const scale = 10 ** Math.floor(next() * 9 - 3);
      const v = (next() < 0.5 ? Math.round(next() * 1e6) / 1000 : next() * scale) * (next() < 0.2 ? -1 : 1);
      values.push(v);
    }
    let checked = 0;
    for (const locale of ["en", "fr"] as const) {
      for (const digits of [0, 1, 2, 3, 4]) {
        const f = intl(locale, digits);
        for (const v of values) {
          const ours = fixedText(v, digits, locale);
          expect(ours, `${v} with ${digits} decimals in ${locale}`).toBe(f.format(v));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40_000);
    expect([fixedText(1234.5, 2, "en"), fixedText(1234.5, 2, "fr"), fixedText(-0.001, 2, "en"), fixedText(9.995, 2, "en")]).toEqual(["1,234.50", "1\u202f234,50", "-0.00", "10.00"]);
  });

  it("writes numbers JavaScript writes with an exponent in full, and refuses decimals it cannot keep", () => {
    expect([fixedText(1e21, 0, "en"), fixedText(-5e-7, 2, "fr"), fixedText(1.5e-7, 7, "en")]).toEqual(["1,000,000,000,000,000,000,000", "-0,00", "0.0000002"]);
    expect(() => fixedText(1, -1, "en")).toThrow(RangeError);
    expect(() => fixedText(1, 21, "en")).toThrow(RangeError);
  });
});

describe("Home's energy words, as Intl writes them and without it", () => {
  const days = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2025, 10, 20) + i * 86_400_000).toISOString().slice(0, 10));

  it("writes days, ranges and euros as Intl does", () => {
    for (const locale of ["en", "fr"] as const) {
      const tag = locale === "fr" ? "fr-FR" : "en-GB";
      const short = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" });
      const long = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
      for (const day of days) {
        expect(dayMonthText(day, false, locale)).toBe(short.format(new Date(`${day}T00:00:00Z`)));
        expect(dayMonthText(day, true, locale)).toBe(long.format(new Date(`${day}T00:00:00Z`)));
      }
      for (const digits of [2, 4]) {
        const eur = new Intl.NumberFormat(tag, { style: "currency", currency: "EUR", minimumFractionDigits: digits, maximumFractionDigits: digits });
        for (const v of [0, -0, 12.345, -12.345, 0.005, -0.001, 1234.5, 1234567.891, 99.995, 1e21, -5e-7, Infinity]) expect(eurText(v, digits === 4, locale)).toBe(eur.format(v));
      }
    }
    expect([rangeText("2026-11-05", "2026-11-06", false), rangeText("2026-10-30", "2026-11-02", false, "fr"), rangeText("2025-12-30", "2026-01-02", true)]).toEqual(["5–6 Nov", "30 oct. – 2 nov.", "30 Dec 2025 – 2 Jan 2026"]);
  });

  it("makes no Intl formatter for the energy summary's figures", () => {
    withoutIntlFormatters(() => {
      expect([kwhText(8.314), kwhText(1234.5, true, "fr"), eurText(12.3), eurText(0.12345, true, "fr"), rangeText("2026-09-01", "2026-09-27", false)]).toEqual(["8.31 kWh", "1\u202f235\u00a0kWh", "€12.30", "0,1235\u00a0€", "1–27 Sept"]);
    });
  });
});
