"use client";
// Where each Linky meter's history stands: the sync state, a progress bar of the days fetched
// of the days due, the range held, the last sync and error in words, and "Sync now". Refreshes
// itself while a sync runs (lib/swr/use-meters.ts).
import { useState } from "react";
import Button from "@mui/material/Button";
import { Tag } from "@/components/ui/tag";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Text } from "@/components/ui/text";
import SyncIcon from "@mui/icons-material/Sync";
import { useLocale, useTranslations } from "use-intl";
import { useToast } from "@/components/ui/toast-provider";
import { dayText as dayOf, parisDayTimeText } from "@/components/ui/dates";
import { useErrorMessage } from "@/components/i18n/api-texts";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { MeterView } from "@/lib/serializers/meter";
import { syncMeterNow, useMeters } from "@/lib/swr/use-meters";
import { ChartSkeleton } from "./chart-skeleton";
import { Notice } from "@/components/ui/notice";
import css from "./meter-sync.module.css";
import f from "@/components/ui/facts.module.css";

// an alert shows only for a meter in trouble: its code loads then (rendered on the server)

type State = MeterView["sync"]["state"];
const STATE_COLOUR: Record<State, "default" | "info" | "success" | "error" | "warning"> = {
  queued: "info",
  running: "info",
  done: "success",
  failed: "error",
  needs_relink: "warning",
  stopped: "default",
};

const dayText = (d: string | null, locale: Locale) => (d ? dayOf(new Date(`${d}T12:00:00Z`), locale) : "");

/** The sync panels of the caller's meters; `compact` for Home. */
export function MeterSyncList({ compact = false }: { compact?: boolean }) {
  const t = useTranslations("energy");
  const failure = useErrorMessage();
  const { data, error, isLoading } = useMeters();
  if (isLoading && !data) return <ChartSkeleton height={compact ? 72 : 120} label={t("loading.meters")} />;
  if (error && !data) return <Notice severity="error">{t("sync.loadFailed", { error: failure(error) })}</Notice>;
  if (!data?.length) return null;
  return (
    <div className={css.list}>
      {data.map((m) => (
        <MeterSync key={m.id} meter={m} compact={compact} />
      ))}
    </div>
  );
}

export function MeterSync({ meter, compact = false }: { meter: MeterView; compact?: boolean }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const s = meter.sync;
  const timeText = (iso: string | null) => (iso ? parisDayTimeText(new Date(iso), locale) : t("sync.never"));
  const id = meter.usage_point_id;
  const pct = s.days_due ? Math.round((s.days_fetched / s.days_due) * 100) : 0;
  const running = s.state === "queued" || s.state === "running";
  const titleId = `meter-${meter.id}-title`;
  const canSync = s.state !== "needs_relink" && s.state !== "stopped";

  const syncNow = async () => {
    setBusy(true);
    try {
      await syncMeterNow(meter.id);
      toast.success(t("sync.queuedToast"));
    } catch (e) {
      toast.error(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className={compact ? `${css.panel} ${css.compact}` : css.panel}>
      <div className={css.head}>
        <Text id={titleId} component="h3" className={css.title}>
          {t("sync.meter", { id })}
        </Text>
        <Tag color={STATE_COLOUR[s.state]} variant={s.state === "done" ? "outlined" : "filled"} label={t(`sync.state.${s.state}`)} />
        {canSync && (
          <Button size="small" onClick={syncNow} disabled={busy} startIcon={<SyncIcon />} className={css.sync} aria-label={t("sync.syncLabel", { id })}>
            {t("sync.syncNow")}
          </Button>
        )}
      </div>
      <div>
        <ProgressBar
          value={pct}
          colour={s.state === "failed" ? "error" : s.state === "done" ? "success" : "primary"}
          label={t("sync.progressLabel", { id, fetched: s.days_fetched, due: s.days_due })}
          height={8}
        />
        <Text variant="body2" color="textSecondary" className={css.progress} aria-live={running ? "polite" : undefined}>
          {s.days_due ? t("sync.fetched", { fetched: s.days_fetched, due: s.days_due, pct }) : running ? t("sync.preparing") : t("sync.noneDue")}
          {s.gaps > 0 && ` · ${t("sync.gaps", { count: s.gaps })}`}
        </Text>
      </div>
      {!compact && (
        <dl className={f.facts}>
          <dt>{t("sync.held")}</dt>
          <dd>{s.oldest_day ? t("sync.heldRange", { from: dayText(s.oldest_day, locale), to: dayText(s.newest_day, locale) }) : t("sync.noneYet")}</dd>
          <dt>{t("sync.lastSync")}</dt>
          <dd>{timeText(s.last_sync_at)}</dd>
          {meter.subscribed_kva !== null && (
            <>
              <dt>{t("sync.contract")}</dt>
              <dd>
                {[
                  t("sync.kva", { kva: meter.subscribed_kva }),
                  ...(meter.tariff_option ? [meter.tariff_option] : []),
                  ...(meter.offpeak_hours ? [t("sync.offpeak", { hours: meter.offpeak_hours.replace(/^HC\s*/, "") })] : []),
                ].join(", ")}
              </dd>
            </>
          )}
        </dl>
      )}
      {s.state === "needs_relink" && <Notice severity="warning" sx={{ py: 0 }}>{t("sync.relink")}</Notice>}
      {s.last_error && s.state !== "needs_relink" && (
        <Notice severity={s.state === "failed" ? "error" : "info"} sx={{ py: 0 }}>
          {t("sync.lastError", { when: timeText(s.last_error_at), error: s.last_error })}
        </Notice>
      )}
    </section>
  );
}
