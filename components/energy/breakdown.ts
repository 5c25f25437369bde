// My Energy's "Where your energy went" (GET /api/v1/energy/breakdown) as the section shows it: the
// days asked for the period on screen, the home's consumption and the solar production part by
// part with their shares, the chart's buckets, and which sentence yesterday's clamps against
// Linky call for. Pure: no React, no browser. Amounts in Wh as the API gives them.
import type { Locale } from "@/lib/shared/locale.mjs";
import { fixedText } from "@/components/ui/numbers";
import type { EnergyBreakdown } from "@/lib/swr/use-telemetry-household";
import { parisDayStart } from "@/lib/time/paris";
import { addDays, kwhText, percentSpace, utcOf } from "./format";
import type { EnergyT } from "./period";

/** The API's longest range, in days. */
const MAX_BREAKDOWN_DAYS = 366;

/**
 * The days to ask for a period (`to` excluded, as My Energy's periods are): the API's days are
 * both included. A period longer than the API allows keeps its last 366 days (`clipped`).
 */
export function breakdownRange(p: { from: string; to: string }): { from: string; to: string; clipped: boolean } {
  const days = Math.round((utcOf(p.to) - utcOf(p.from)) / 86_400_000);
  const last = addDays(p.to, -1);
  return days > MAX_BREAKDOWN_DAYS ? { from: addDays(p.to, -MAX_BREAKDOWN_DAYS), to: last, clipped: true } : { from: p.from, to: last, clipped: false };
}

/** One part of a total: a measured consumer (or EV), the rest, solar used at home or sent out. */
export type Part = {
  key: string;
  kind: "ev" | "consumer" | "rest" | "self" | "exported";
  /** the measurement's name (its device's id beside it when two share a name); null for the others */
  name: string | null;
  wh: number;
  /** of the total, 0 to 1 */
  share: number;
};

export type Shares = { totalWh: number; parts: Part[] };

const withShares = (totalWh: number, parts: Omit<Part, "share">[]): Shares => {
  // clamps that read a little high can add up to more than the total: the shares then split their sum
  const of = Math.max(totalWh, parts.reduce((a, p) => a + p.wh, 0));
  return { totalWh, parts: parts.map((p) => ({ ...p, share: of > 0 ? p.wh / of : 0 })) };
};

/**
 * The home's consumption part by part: each EV and consumer the clamps measure (the largest
 * first), then the rest that no clamp measures. Without a grid clamp the home's total is not
 * known: the total is what the clamps measured, and there is no rest.
 */
export function homeShares(b: Pick<EnergyBreakdown, "measurements" | "total">): Shares & { homeKnown: boolean } {
  const measured = b.measurements.filter((m) => m.role === "ev" || m.role === "consumer");
  const names = new Map<string, number>();
  for (const m of measured) names.set(m.name, (names.get(m.name) ?? 0) + 1);
  const parts: Omit<Part, "share">[] = measured
    .map((m) => ({ key: `m${m.id}`, kind: m.role as "ev" | "consumer", name: names.get(m.name)! > 1 ? `${m.name} (${m.device})` : m.name, wh: Math.max(0, m.wh) }))
    .sort((a, b) => b.wh - a.wh);
  const homeKnown = b.total.home_wh !== null;
  if (homeKnown && b.total.rest_wh !== null) parts.push({ key: "rest", kind: "rest", name: null, wh: Math.max(0, b.total.rest_wh) });
  const total = homeKnown ? Math.max(0, b.total.home_wh!) : parts.reduce((a, p) => a + p.wh, 0);
  return { ...withShares(total, parts), homeKnown };
}

/**
 * The solar production: used at home, and sent to the grid when the grid clamp saw some go out
 * (at most what was produced). Null without production.
 */
export function solarShares(total: EnergyBreakdown["total"]): Shares | null {
  if (total.solar_wh <= 0) return null;
  const exported = Math.min(Math.max(0, total.grid_export_wh), total.solar_wh);
  const parts: Omit<Part, "share">[] = [{ key: "self", kind: "self", name: null, wh: total.solar_wh - exported }];
  if (exported > 0) parts.push({ key: "exported", kind: "exported", name: null, wh: exported });
  return withShares(total.solar_wh, parts);
}

/** Beyond this gap (in %) the clamps and the meter disagree. */
const DISAGREE_PCT = 10;

/** Which sentence yesterday's reconciliation calls for; null without a grid clamp. */
export type Reconciliation =
  | { kind: "both"; clampsWh: number; linkyWh: number; gapPct: number | null; disagree: boolean }
  | { kind: "clampsOnly"; clampsWh: number }
  | { kind: "linkyOnly"; linkyWh: number }
  | { kind: "neither" };

export function reconciliationOf(r: EnergyBreakdown["reconciliation"]): Reconciliation | null {
  if (!r) return null;
  const { clamps_wh: clampsWh, linky_wh: linkyWh, gap_pct: gapPct } = r;
  if (clampsWh !== null && linkyWh !== null) {
    // Linky's day at zero has no percentage: clamps that saw a kWh drawn all the same disagree
    const disagree = gapPct !== null ? Math.abs(gapPct) > DISAGREE_PCT : linkyWh === 0 && clampsWh >= 1000;
    return { kind: "both", clampsWh, linkyWh, gapPct, disagree };
  }
  if (clampsWh !== null) return { kind: "clampsOnly", clampsWh };
  if (linkyWh !== null) return { kind: "linkyOnly", linkyWh };
  return { kind: "neither" };
}

/** The clamps' gap to Linky: "+4.2 %", "−12.5 %" ("+4,2 %" in French). */
export function gapText(pct: number, locale: Locale = "en"): string {
  const size = fixedText(Math.abs(pct), 1, locale);
  const sign = size === fixedText(0, 1, locale) ? "" : pct > 0 ? "+" : "−";
  return `${sign}${size}${percentSpace(locale)}%`;
}

/**
 * Yesterday's clamps against Linky in words (the "energy" part's translator `t`): both figures
 * and their gap, or which side is missing; `disagree` adds what commonly causes a gap beyond 10 %.
 * Null without a grid clamp (nothing to reconcile).
 */
export function reconciliationText(t: EnergyT, locale: Locale, r: EnergyBreakdown["reconciliation"]): { text: string; disagree: boolean } | null {
  const rec = reconciliationOf(r);
  if (!rec) return null;
  const kwh = (wh: number) => kwhText(wh / 1000, true, locale);
  switch (rec.kind) {
    case "both": {
      const values = { clamps: kwh(rec.clampsWh), linky: kwh(rec.linkyWh) };
      const text = rec.gapPct !== null ? t("breakdown.reconciliation.both", { ...values, gap: gapText(rec.gapPct, locale) }) : t("breakdown.reconciliation.bothNoGap", values);
      return rec.disagree ? { text: `${text} ${t("breakdown.reconciliation.disagree")}`, disagree: true } : { text, disagree: false };
    }
    case "clampsOnly":
      return { text: t("breakdown.reconciliation.clampsOnly", { clamps: kwh(rec.clampsWh) }), disagree: false };
    case "linkyOnly":
      return { text: t("breakdown.reconciliation.linkyOnly", { linky: kwh(rec.linkyWh) }), disagree: false };
    case "neither":
      return { text: t("breakdown.reconciliation.neither"), disagree: false };
  }
}

const HOUR = 3_600_000;

/** The chart's data: every bucket of the range (a bucket without readings is a gap), in kWh. */
export type BreakdownSeries = {
  starts: string[];
  ends: string[];
  ev: (number | null)[];
  consumers: (number | null)[];
  /** null without a grid clamp */
  rest: (number | null)[] | null;
  /** null without a solar measurement */
  solar: (number | null)[] | null;
  /** drawn from the grid; null without a grid clamp */
  grid: (number | null)[] | null;
  /** the highest of the piled bars and the lines */
  max: number;
};

/** The buckets of the answer's days (hours, or days), each answer point in its own. */
export function breakdownSeries(b: EnergyBreakdown): BreakdownSeries {
  const startsMs: number[] = [];
  const endsMs: number[] = [];
  if (b.bucket === "hour") {
    const end = parisDayStart(addDays(b.to, 1));
    for (let t = parisDayStart(b.from); t < end; t += HOUR) {
      startsMs.push(t);
      endsMs.push(t + HOUR);
    }
  } else {
    for (let d = b.from; d <= b.to; d = addDays(d, 1)) {
      startsMs.push(parisDayStart(d));
      endsMs.push(parisDayStart(addDays(d, 1)));
    }
  }
  const byStart = new Map(b.points.map((p) => [Date.parse(p.start), p]));
  const roles = new Set(b.measurements.map((m) => m.role));
  const hasGrid = roles.has("grid");
  const kwh = (v: number | null | undefined) => (v === null || v === undefined ? null : v / 1000);
  const column = (f: (p: EnergyBreakdown["points"][number]) => number | null) => startsMs.map((t) => (byStart.has(t) ? kwh(f(byStart.get(t)!)) : null));
  const ev = column((p) => p.ev_wh);
  const consumers = column((p) => p.consumers_wh);
  const rest = hasGrid ? column((p) => p.rest_wh) : null;
  const solar = roles.has("solar") ? column((p) => p.solar_wh) : null;
  const grid = hasGrid ? column((p) => p.grid_import_wh) : null;
  let max = 0;
  for (let i = 0; i < startsMs.length; i++) {
    max = Math.max(max, (ev[i] ?? 0) + (consumers[i] ?? 0) + (rest?.[i] ?? 0), solar?.[i] ?? 0, grid?.[i] ?? 0);
  }
  const iso = (t: number) => new Date(t).toISOString();
  return { starts: startsMs.map(iso), ends: endsMs.map(iso), ev, consumers, rest, solar, grid, max };
}
