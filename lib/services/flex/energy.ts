// The households' half hours laid out by local day, as the baseline reads them (lib/flex/baseline.ts
// DailyEnergy), for a batch of meters in one statement (lib/services/readings/store.ts).
import type { DailyEnergy } from "@/lib/flex/baseline";
import { halfHoursOfMeters } from "@/lib/services/readings/store";
import { addDays, parisDayStarts } from "@/lib/time/paris";

const STEP_MS = 30 * 60_000;

/** Each meter's half hours from `fromDay` to `toDay` (both included), `null` where missing; a meter without any is absent. */
export async function dailyEnergyOf(meterIds: readonly number[], fromDay: string, toDay: string): Promise<Map<number, DailyEnergy>> {
  const { days, starts } = parisDayStarts(fromDay, addDays(toDay, 1));
  const rows = await halfHoursOfMeters(meterIds, new Date(starts[0]), new Date(starts[starts.length - 1]));
  const out = new Map<number, DailyEnergy>();
  for (const r of rows) {
    const byDay = new Map<string, (number | null)[]>();
    let d = 0;
    for (let i = 0; i < r.starts.length; i++) {
      const t = r.starts[i];
      while (d < days.length && t >= starts[d + 1]) d++;
      if (d >= days.length) break;
      let row = byDay.get(days[d]);
      if (!row) byDay.set(days[d], (row = new Array<number | null>(Math.round((starts[d + 1] - starts[d]) / STEP_MS)).fill(null)));
      row[Math.floor((t - starts[d]) / STEP_MS)] = r.wh[i];
    }
    out.set(r.meterId, { stepMin: 30, byDay });
  }
  return out;
}
