"use client";
// Where each Linky meter's history stands: the sync state, a progress bar of the days fetched
// of the days due, the range held, the last sync and error in words, and "Sync now". Refreshes
// itself while a sync runs (lib/swr/use-meters.ts).
import { useState } from "react";
import dynamic from "next/dynamic";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import SyncIcon from "@mui/icons-material/Sync";
import { useToast } from "@/components/ui/toast-provider";
import { dayText as dayOf, dayTimeText } from "@/components/ui/dates";
import { errorMessage } from "@/lib/swr/fetcher";
import type { MeterView } from "@/lib/serializers/meter";
import { syncMeterNow, useMeters } from "@/lib/swr/use-meters";
import { ChartSkeleton } from "./chart-skeleton";

// an alert shows only for a meter in trouble: its code loads then (rendered on the server)
const Alert = dynamic(() => import("@mui/material/Alert"));

type State = MeterView["sync"]["state"];
const STATE: Record<State, { label: string; color: "default" | "info" | "success" | "error" | "warning" }> = {
  queued: { label: "Queued", color: "info" },
  running: { label: "Syncing", color: "info" },
  done: { label: "Up to date", color: "success" },
  failed: { label: "Failed, retrying", color: "error" },
  needs_relink: { label: "Needs a new link", color: "warning" },
  stopped: { label: "Unlinked", color: "default" },
};

const dayText = (d: string | null) => (d ? dayOf(new Date(`${d}T12:00:00Z`)) : "");
const timeText = (iso: string | null) => (iso ? dayTimeText(new Date(iso)) : "never");

/** The sync panels of the caller's meters; `compact` for Home. */
export function MeterSyncList({ compact = false }: { compact?: boolean }) {
  const { data, error, isLoading } = useMeters();
  if (isLoading && !data) return <ChartSkeleton height={compact ? 72 : 120} label="Loading the meters' history" />;
  if (error && !data) return <Alert severity="error">The meters&apos; history could not be loaded: {errorMessage(error)}</Alert>;
  if (!data?.length) return null;
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {data.map((m) => (
        <MeterSync key={m.id} meter={m} compact={compact} />
      ))}
    </Box>
  );
}

export function MeterSync({ meter, compact = false }: { meter: MeterView; compact?: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const s = meter.sync;
  const state = STATE[s.state];
  const pct = s.days_due ? Math.round((s.days_fetched / s.days_due) * 100) : 0;
  const running = s.state === "queued" || s.state === "running";
  const titleId = `meter-${meter.id}-title`;
  const canSync = s.state !== "needs_relink" && s.state !== "stopped";

  const syncNow = async () => {
    setBusy(true);
    try {
      await syncMeterNow(meter.id);
      toast.success("A catch-up of this meter's history is queued");
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: compact ? 1.5 : 2, display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 600, fontSize: "0.95rem" }}>
          Meter {meter.usage_point_id}
        </Typography>
        <Chip size="small" color={state.color} variant={s.state === "done" ? "outlined" : "filled"} label={state.label} />
        {canSync && (
          <Button size="small" onClick={syncNow} disabled={busy} startIcon={<SyncIcon />} sx={{ ml: "auto" }} aria-label={`Sync meter ${meter.usage_point_id} now`}>
            Sync now
          </Button>
        )}
      </Box>
      <Box>
        <LinearProgress
          variant="determinate"
          value={pct}
          color={s.state === "failed" ? "error" : s.state === "done" ? "success" : "primary"}
          aria-label={`History of meter ${meter.usage_point_id}: ${s.days_fetched} of ${s.days_due} days`}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live={running ? "polite" : undefined}>
          {s.days_due ? `${s.days_fetched} of ${s.days_due} days fetched (${pct} %)` : running ? "Preparing the history…" : "No history due yet"}
          {s.gaps > 0 && ` · ${s.gaps} ${s.gaps === 1 ? "day" : "days"} without data at Enedis`}
        </Typography>
      </Box>
      {!compact && (
        <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1.5, rowGap: 0.25, fontSize: 14, "& dt": { color: "text.secondary" }, "& dd": { m: 0 } }}>
          <dt>History held</dt>
          <dd>{s.oldest_day ? `${dayText(s.oldest_day)} to ${dayText(s.newest_day)}` : "none yet"}</dd>
          <dt>Last sync</dt>
          <dd>{timeText(s.last_sync_at)}</dd>
          {meter.subscribed_kva !== null && (
            <>
              <dt>Contract</dt>
              <dd>
                {meter.subscribed_kva} kVA{meter.tariff_option ? `, ${meter.tariff_option}` : ""}
                {meter.offpeak_hours ? `, off-peak ${meter.offpeak_hours.replace(/^HC\s*/, "")}` : ""}
              </dd>
            </>
          )}
        </Box>
      )}
      {s.state === "needs_relink" && <Alert severity="warning" sx={{ py: 0 }}>Enedis no longer accepts Foyer&apos;s access to this meter. Link Linky again to resume its history.</Alert>}
      {s.last_error && s.state !== "needs_relink" && (
        <Alert severity={s.state === "failed" ? "error" : "info"} sx={{ py: 0 }}>
          Last error ({timeText(s.last_error_at)}): {s.last_error}
        </Alert>
      )}
    </Box>
  );
}
