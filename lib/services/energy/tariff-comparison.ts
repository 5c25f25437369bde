// GET /api/v1/meters/{id}/tariff-comparison (docs/my-energy.md): the Base / HP-HC / Tempo
// comparison of a meter's last 12 full months.
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { heldRange } from "@/lib/services/readings/store";
import { listTariffs } from "@/lib/services/tariffs/tariffs";
import { tempoColours } from "@/lib/services/tariffs/tempo";
import { addDays, addMonths, parisDayOf } from "@/lib/time/paris";
import { verdictsOf, type OffpeakSlots, type Reading } from "@/lib/energy/costs";
import { estimatedCost, verdictOf } from "@/lib/energy/option-estimate";
import type { TariffOption } from "@/lib/energy/tariff";
import { r3 } from "@/lib/energy/series";
import { comparisonView, noComparisonView } from "@/lib/serializers/tariff-comparison";
import { meterOf, parisToday, readPeriod } from "./reading";

/** The off-peak hours assumed for the HP/HC column when the meter has none (Enedis' usual 8 night hours). */
const ASSUMED_OFFPEAK: OffpeakSlots[] = [{ validFrom: "2000-01-01", validTo: null, ranges: [{ from: "22:00", to: "06:00" }] }];

/**
 * What the last 12 full months (or what is held of them) would have cost under each option at the
 * meter's power. A meter without off-peak hours is compared under 22:00-06:00 (`offpeak_assumed`).
 * A figure missing for part of the months is estimated (lib/energy/option-estimate.ts: the nearest
 * grid, the Tempo colour mix of the known seasons), listed in `estimates`, and the verdict given
 * unless the options are within the estimate's margin.
 */
export async function tariffComparison(caller: Caller, meterId: number, now = Date.now()) {
  const meter = await meterOf(caller, meterId);
  const today = parisToday(now);
  const to = `${today.slice(0, 7)}-01`;
  let from = addMonths(to, -12);
  const held = await heldRange(meter.id, "consumption");
  if (held) {
    const first = parisDayOf(held.first.getTime());
    if (first > from) from = first < to ? first : to;
  }
  const kva = meter.settings.kva;
  const assumed = !meter.settings.slots.length;
  const period = { from, to, current: meter.settings.option, offpeakAssumed: assumed };
  if (!held || from >= to) return noComparisonView({ ...period, kwh: 0 }, kva);
  const data = await readPeriod(meter.id, from, to, false);
  const readings: Reading[] = data.consumption.t.map((t, i) => ({ start: t, wh: data.consumption.wh[i] }));
  const kwh = r3(readings.reduce((s, r) => s + r.wh, 0) / 1000);
  if (!kva) return noComparisonView({ ...period, kwh }, kva);
  // the colour mix is learnt from every known season (a few hundred rows a season)
  const [tariffs, tempo, knownColours] = await Promise.all([listTariffs(db), tempoColours(db, addDays(from, -1), to), tempoColours(db, addMonths(to, -60), to)]);
  const input = { readings, kva, from, to, tariffs, offpeak: assumed ? ASSUMED_OFFPEAK : meter.settings.slots, tempo };
  const est = { base: estimatedCost({ ...input, option: "base", knownColours }), hphc: estimatedCost({ ...input, option: "hphc", knownColours }), tempo: estimatedCost({ ...input, option: "tempo", knownColours }) };
  const known = verdictsOf({ base: est.base.known, hphc: est.hphc.known, tempo: est.tempo.known });
  const verdict = verdictOf(est);
  const supplierOf = (o: TariffOption) => tariffs.find((r) => r.option === o && r.kva === kva && r.validFrom < to && (r.validTo === null || r.validTo > from))?.supplier ?? null;
  return comparisonView({
    ...period, kwh, kva,
    costs: est,
    suppliers: { base: supplierOf("base"), hphc: supplierOf("hphc"), tempo: supplierOf("tempo") },
    cheapest: verdict.cheapest,
    differenceEur: verdict.differenceEur,
    cheapestOnEnergy: known.cheapestOnEnergy,
  });
}
