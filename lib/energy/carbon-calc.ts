// The hours of the week that matter for carbon: a household's own (the CO2 of its consumption at
// each Paris hour of the week) and the grid's cleanest. Pure functions over an IntensitySpan
// (lib/energy/carbon.ts), no I/O. kg CO2 = kWh × g/kWh / 1000, each reading at its half hour's
// intensity (an hourly source gives both half hours its hour's value).
import type { IntensitySpan } from "./carbon";

const HALF_HOUR = 30 * 60_000;

/** An hour of the week of a household's own consumption, with the CO2 it weighed. */
export type HouseholdHour = {
  /** 1 Monday ... 7 Sunday, and 0-23, Paris */
  weekday: number;
  hour: number;
  kwh: number;
  kg: number;
  /** its consumption-weighted intensity: kg / kWh */
  gPerKwh: number;
};

/**
 * The household's hours of the week ranked by the CO2 of its own consumption: for each Paris hour
 * of the week, the energy its readings (`t`, `wh`: interval starts and Wh) held in the span and
 * the kg CO2 they weigh at their half hour's intensity. `dirtiest`: the most kg; `cleanest`: the
 * fewest, among the hours with some consumption. Ties go to the earlier hour.
 */
export function householdHours(t: ArrayLike<number>, wh: ArrayLike<number>, span: IntensitySpan, count = 3) {
  const kwh = new Float64Array(168), kg = new Float64Array(168);
  for (let i = 0; i < t.length; i++) {
    const j = span.index(t[i]);
    if (j < 0 || !(wh[i] > 0) || Number.isNaN(span.g[j])) continue;
    const k = span.hourOfWeek[j];
    kwh[k] += wh[i] / 1000;
    kg[k] += (wh[i] / 1000) * span.g[j] / 1000;
  }
  const hours: HouseholdHour[] = [];
  for (let k = 0; k < 168; k++) if (kwh[k] > 0) hours.push({ weekday: Math.floor(k / 24) + 1, hour: k % 24, kwh: kwh[k], kg: kg[k], gPerKwh: (kg[k] / kwh[k]) * 1000 });
  const order = (a: HouseholdHour, b: HouseholdHour) => a.weekday - b.weekday || a.hour - b.hour;
  return {
    cleanest: [...hours].sort((a, b) => a.kg - b.kg || order(a, b)).slice(0, count),
    dirtiest: [...hours].sort((a, b) => b.kg - a.kg || order(a, b)).slice(0, count),
  };
}

/**
 * The grid's cleanest hours of the span's typical week, between instants [from, to): each Paris
 * hour of the week by the mean of its half hours. Ties go to the earlier hour.
 */
export function gridCleanestHours(span: IntensitySpan, from: number, to: number, count = 3): { weekday: number; hour: number; gPerKwh: number }[] {
  const sum = new Float64Array(168), n = new Uint32Array(168);
  const clamp = (i: number) => Math.min(span.g.length, Math.max(0, i));
  const a = clamp(Math.ceil((from - span.start) / HALF_HOUR)), b = clamp(Math.ceil((to - span.start) / HALF_HOUR));
  for (let j = a; j < b; j++) {
    if (Number.isNaN(span.g[j])) continue;
    sum[span.hourOfWeek[j]] += span.g[j];
    n[span.hourOfWeek[j]]++;
  }
  const hours: { weekday: number; hour: number; gPerKwh: number }[] = [];
  for (let k = 0; k < 168; k++) if (n[k]) hours.push({ weekday: Math.floor(k / 24) + 1, hour: k % 24, gPerKwh: sum[k] / n[k] });
  return hours.sort((x, y) => x.gPerKwh - y.gPerKwh || x.weekday - y.weekday || x.hour - y.hour).slice(0, count);
}
