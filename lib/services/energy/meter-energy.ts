// GET /api/v1/meters/{id}/energy (docs/my-energy.md): a meter's stored history over a period as the
// chart's series and totals, with costs on its tariff, max power, grid carbon and a compared period.
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { invalid } from "@/lib/errors";
import { readMaxPower } from "@/lib/services/readings/store";
import { listTariffs } from "@/lib/services/tariffs/tariffs";
import { carbonReference, FETCHED_CREDIT, intensityOf } from "@/lib/services/carbon/intensity";
import { carbonView } from "@/lib/serializers/carbon";
import { energyView } from "@/lib/serializers/energy";
import { chooseBucket, comparePeriod } from "@/lib/energy/series";
import type { CompareKind, EnergyQuery } from "@/lib/validation/energy";
import { fetchPeriod, meterOf, parisToday, periodData } from "./reading";
import { computePeriod, priceContext } from "./pricing";

/** The energy of a meter over [from, to) as the chart shows it (docs/my-energy.md). */
export async function energyOf(caller: Caller, meterId: number, query: EnergyQuery, now = Date.now()) {
  const today = parisToday(now);
  const chosen = chooseBucket(query.from, query.to, query.bucket, query.max_points);
  if ("error" in chosen) throw invalid([{ path: "bucket", message: chosen.error }]);
  const { bucket } = chosen;
  const { from, to } = query;
  const compare = query.compare === "none" ? null : { kind: query.compare as Exclude<CompareKind, "none">, ...comparePeriod(from, to, query.compare) };
  const first = compare && compare.from < from ? compare.from : from;

  // the meter (ownership: someone else's is a 404 and nothing read is answered) and the data, at once
  const [meter, raw, rawCompare, tariffs, maxPower, intensity] = await Promise.all([
    meterOf(caller, meterId),
    fetchPeriod(meterId, from, to),
    compare ? fetchPeriod(meterId, compare.from, compare.to) : Promise.resolve(null),
    listTariffs(db),
    readMaxPower(meterId, from, to),
    intensityOf(first, to),
  ]);
  const ctx = await priceContext(meter.settings, first, to, tariffs);
  const data = periodData(raw, from, meter.producer);
  const main = computePeriod(from, to, bucket, data, meter.settings, ctx, intensity, today);
  const other = compare && rawCompare
    ? { ...compare, period: computePeriod(compare.from, compare.to, bucket, periodData(rawCompare, compare.from, meter.producer), meter.settings, ctx, intensity, today) }
    : null;

  return energyView({
    meter,
    producer: data.production !== null,
    from,
    to,
    bucket,
    main,
    compare: other,
    kva: meter.settings.kva,
    maxPower,
    carbon: carbonView(intensity, carbonReference(), FETCHED_CREDIT, from, to, data.consumption, now),
  });
}
export type EnergyAnswer = Awaited<ReturnType<typeof energyOf>>;
