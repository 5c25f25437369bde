import type { MeterWithProgress } from "@/lib/services/meters/meters";
import { tariffSettingsOf } from "@/lib/energy/series";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A meter as the API shows it: the usage point, its contract data and where its sync stands. */
export function toMeterView(m: MeterWithProgress) {
  const tariff = tariffSettingsOf(m);
  return {
    id: m.id,
    usage_point_id: m.usagePointId,
    integration_id: m.integrationId,
    sandbox: m.sandbox,
    producer: m.producer,
    /** the power costs use: the household's, else the contract's */
    subscribed_kva: tariff.kva,
    /** the contract data as Enedis wrote it */
    tariff_option: m.tariffOption,
    offpeak_hours: m.offpeakHours,
    /** My Energy's tariff settings: the household's choice, else the contract's (docs/my-energy.md) */
    tariff: tariff.option,
    tariff_source: tariff.optionSource,
    /** the off-peak sets, newest first; the contract's last (it applies before the household's first) */
    offpeak: tariff.sets,
    created_at: m.createdAt.toISOString(),
    sync: {
      state: m.syncState,
      days_due: m.progress.daysDue,
      days_fetched: m.progress.daysDone,
      gaps: m.progress.gaps,
      oldest_day: m.progress.oldestDay,
      newest_day: m.progress.newestDay,
      last_sync_at: iso(m.lastSyncAt),
      last_error: m.lastError,
      last_error_at: iso(m.lastErrorAt),
    },
  };
}
export type MeterView = ReturnType<typeof toMeterView>;
