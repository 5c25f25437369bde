"use client";
// The device's power over the last 6 hours (1-minute points) or 7 days (15-minute averages), one
// line per measurement (GET .../series, again every 60 s while the page is shown). The chart's
// code (uPlot) loads with next/dynamic when there is something to draw; its place is held at the
// chart's height meanwhile, so nothing below moves.
import { useMemo, useState } from "react";
import dynamic from "next/dynamic";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { ErrorState } from "@/components/ui/page-states";
import { CHART_HEIGHT, ChartSkeleton } from "@/components/energy/chart-skeleton";
import type { Measurement } from "@/lib/swr/use-devices";
import { SERIES_WINDOWS, useDeviceSeries, type SeriesData, type SeriesWindow } from "@/lib/swr/use-telemetry";
import { hasPower, onGrid } from "./power-series";
import type { PowerLine } from "./power-chart";
import { PANEL_SX, TITLE_SX } from "./live-panel";
import s from "./telemetry.module.css";

function ChartLoading() {
  const t = useTranslations("devices.live.chart");
  return <ChartSkeleton label={t("loading")} />;
}

const PowerChart = dynamic(() => import("./power-chart").then((m) => m.PowerChart), { ssr: false, loading: ChartLoading });

const WINDOWS = Object.keys(SERIES_WINDOWS) as SeriesWindow[];

/** The two periods, as pressed buttons in a group (as My Energy's choices of two). */
function WindowChoice({ value, onChange }: { value: SeriesWindow; onChange: (w: SeriesWindow) => void }) {
  const t = useTranslations("devices.live.chart");
  return (
    <Box role="group" aria-label={t("period")} sx={{ display: "inline-flex", border: 1, borderColor: "divider", borderRadius: 2, p: 0.25, gap: 0.25, bgcolor: "background.paper" }}>
      {WINDOWS.map((w) => {
        const on = w === value;
        return (
          <Button
            key={w}
            size="small"
            aria-pressed={on}
            onClick={() => !on && onChange(w)}
            variant={on ? "contained" : "text"}
            color={on ? "primary" : "inherit"}
            sx={{ px: 1.5, py: 0.25, minWidth: 0, borderRadius: 1.5, fontWeight: on ? 600 : 500, color: on ? undefined : "text.secondary" }}
          >
            {t(w)}
          </Button>
        );
      })}
    </Box>
  );
}

const kindOf = (m: Measurement | undefined): PowerLine["kind"] => (m?.measure_type === "total_home" ? "home" : m?.measure_type === "pv" ? "solar" : "other");

/** The answer as the chart draws it: its grid, and a line per measurement named as the page names it. */
function linesOf(data: SeriesData, measurements: Measurement[]) {
  const { xs, ys } = onGrid(data, data.view.measurements);
  const lines: PowerLine[] = data.view.measurements.map((vm, i) => {
    const m = measurements.find((x) => x.id === vm.id);
    return { id: vm.id, label: m?.display_name ?? m?.name ?? vm.name, kind: kindOf(m), data: ys[i] };
  });
  return { xs, lines };
}

function ChartBody({ period, data, measurements }: { period: SeriesWindow; data: SeriesData; measurements: Measurement[] }) {
  const t = useTranslations("devices.live.chart");
  const drawn = useMemo(() => (hasPower(data.view.measurements) ? linesOf(data, measurements) : null), [data, measurements]);
  if (!drawn) {
    return (
      <div className={s.noPoints} style={{ height: CHART_HEIGHT }}>
        {t("empty")}
      </div>
    );
  }
  return <PowerChart title={t(period === "6h" ? "figure6h" : "figure7d")} describedBy="power-help" xs={drawn.xs} lines={drawn.lines} days={SERIES_WINDOWS[period].ms / 86_400_000} />;
}

/** The device's power chart panel (see the top of this file). */
export function PowerChartPanel({ deviceId, measurements }: { deviceId: number; measurements: Measurement[] }) {
  const t = useTranslations("devices.live.chart");
  const [period, setPeriod] = useState<SeriesWindow>("6h");
  const { data, error, mutate } = useDeviceSeries(deviceId, period);
  return (
    <Paper component="section" aria-labelledby="power-title" variant="outlined" sx={PANEL_SX}>
      <div className={s.head}>
        <Text id="power-title" variant="h2" sx={TITLE_SX}>
          {t("title")}
        </Text>
        <WindowChoice value={period} onChange={setPeriod} />
      </div>
      {data ? (
        <ChartBody period={period} data={data} measurements={measurements} />
      ) : error ? (
        <ErrorState error={error} what={t("what")} onRetry={() => mutate()} />
      ) : (
        <ChartSkeleton label={t("loading")} />
      )}
      <Text id="power-help" variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {t("help")}
      </Text>
    </Paper>
  );
}
