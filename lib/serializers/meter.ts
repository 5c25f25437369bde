import type { MeterWithProgress } from "@/lib/services/meters";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A meter as the API shows it: the usage point, its contract data and where its sync stands. */
export function toMeterView(m: MeterWithProgress) {
  return {
    id: m.id,
    usage_point_id: m.usagePointId,
    integration_id: m.integrationId,
    sandbox: m.sandbox,
    producer: m.producer,
    subscribed_kva: m.subscribedKva,
    tariff_option: m.tariffOption,
    offpeak_hours: m.offpeakHours,
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
