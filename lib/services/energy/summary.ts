// GET /api/v1/energy/summary (docs/my-energy.md): Home's summary of each of the caller's meters,
// yesterday, this month so far and the same days before, kept in this process while nothing it was
// computed from changes (./changes.ts).
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { METER_TARIFF_SELECT } from "@/lib/services/meters/meters";
import { carbonReference, FETCHED_CREDIT, intensityOf } from "@/lib/services/carbon/intensity";
import { meterSummaryView, type MeterSummary } from "@/lib/serializers/energy-summary";
import { addDays, addMonths } from "@/lib/time/paris";
import { tariffSettingsOf, type TariffSettings } from "@/lib/energy/series";
import { BoundedMap } from "@/lib/server/bounded-map";
import { changeVersions } from "./changes";
import { parisToday, readPeriod } from "./reading";
import { computePeriod, priceContext, type PriceContext } from "./pricing";

/**
 * Home's summaries, kept in this process by meter, Paris day, tariff settings and the versions of
 * the meter's readings and of the prices (./changes.ts): Home is the page households open most,
 * and its summary reads four periods and prices them, about twice the work of the rest of the page
 * (docs/performance.md, "Home's energy summary"). Read only: the same object answers many requests.
 */
const summaries = new BoundedMap<string, Readonly<MeterSummary>>(5000);

/** Home's summary for each of the caller's own meters: yesterday, this month so far, and the same days before. */
export async function energySummary(caller: Caller, now = Date.now()) {
  // the versions beside the meters, before anything the summaries are computed from (changes.ts)
  const [meters, versions] = await Promise.all([
    db.meter.findMany({ where: { userId: caller.id }, select: METER_TARIFF_SELECT, orderBy: { id: "asc" } }),
    changeVersions(caller.id),
  ]);
  const today = parisToday(now);
  const out = await Promise.all(
    meters.map(async (m) => {
      const settings = tariffSettingsOf(m);
      const version = versions.meters.get(m.id);
      if (version === undefined) return meterSummary(m.id, m.usagePointId, settings, today); // created meanwhile
      const key = JSON.stringify([m.id, m.usagePointId, today, versions.prices, version, settings.option, settings.kva, settings.slots]);
      const kept = summaries.get(key);
      if (kept) return kept;
      const summary = Object.freeze(await meterSummary(m.id, m.usagePointId, settings, today));
      summaries.set(key, summary);
      return summary;
    }),
  );
  return { meters: out };
}

async function meterSummary(id: number, usagePointId: string, settings: TariffSettings, today: string): Promise<MeterSummary> {
  const yesterday = addDays(today, -1);
  const monthFrom = `${yesterday.slice(0, 7)}-01`;
  const lastMonth = { from: addMonths(monthFrom, -1), to: addMonths(today, -1) };
  const lastYear = { from: addMonths(monthFrom, -12), to: addMonths(today, -12) };
  const producer = false; // kWh consumed only
  const period = async (from: string, to: string, ctx: PriceContext | null) => {
    const t = to > from ? to : addDays(from, 1);
    const [data, intensity] = await Promise.all([readPeriod(id, from, t, producer), intensityOf(from, t)]);
    // whether any stored (fetched) half hour counts here: its source is credited too
    return { from, to, ...computePeriod(from, t, "day", data, settings, ctx, intensity, today), co2Fetched: intensity?.fetched.includes(1) ?? false };
  };
  const ctx = await priceContext(settings, lastYear.from, today);
  const ref = carbonReference();
  const [y, month, lm, ly] = await Promise.all([
    period(yesterday, today, ctx),
    period(monthFrom, today, ctx),
    period(lastMonth.from, lastMonth.to, null),
    period(lastYear.from, lastYear.to, null),
  ]);
  return meterSummaryView({ id, usagePointId }, { yesterday: y, month, lastMonth: lm, lastYear: ly }, ref, FETCHED_CREDIT);
}
