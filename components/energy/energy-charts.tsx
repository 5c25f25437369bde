"use client";
// My Energy's charts (@mui/x-charts). Loaded with next/dynamic by my-energy-view.tsx only, so the
// charting code stays out of every other page's JavaScript.
import Box from "@mui/material/Box";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import type { Bucket, EnergyAnswer, PowerDay } from "@/lib/swr/use-energy";
import { CHART_HEIGHT } from "./chart-skeleton";
import { bucketLabel, bucketText, eurText, kwhText } from "./period";

export const COLOURS = { consumption: "#1b6b4f", production: "#e08a12", compared: "#9ccbb6", cost: "#1769aa", costCompared: "#a9c8e6", power: "#5e6b85", limit: "#c62828" };

type Series = { id: string; label: string; data: (number | null)[]; color: string; format: (v: number | null) => string };

/** Bars per bucket: the x axis holds indices (two buckets may share a label, as 02:00 on the October DST day). */
function Bars({ series, starts, ends, bucket, periodDays, yLabel, title, children, yMin, yMax }: {
  series: Series[];
  starts: string[];
  ends: string[];
  bucket: Bucket;
  periodDays: number;
  yLabel: string;
  title: string;
  children?: React.ReactNode;
  yMin?: number;
  yMax?: number;
}) {
  const indices = starts.map((_, i) => i);
  return (
    // the legend (one or two lines) and the chart share the chart's fixed height: nothing below moves
    <Box role="figure" aria-label={title} sx={{ width: "100%", height: CHART_HEIGHT, display: "flex", flexDirection: "column" }}>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0.25, fontSize: 13, color: "text.secondary" }}>
        {series.map((s) => (
          <Box component="li" key={s.id} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color }} />
            {s.label}
          </Box>
        ))}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>
      <BarChart
        hideLegend
        skipAnimation
        margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
        grid={{ horizontal: true }}
        xAxis={[
          {
            scaleType: "band",
            data: indices,
            valueFormatter: (i: number, ctx) => (ctx.location === "tick" ? bucketLabel(starts[i], bucket, periodDays) : bucketText(starts[i], ends[i], bucket)),
            tickLabelMinGap: 12,
            categoryGapRatio: indices.length > 60 ? 0.1 : 0.25,
            barGapRatio: 0.1,
          },
        ]}
        yAxis={[{ label: yLabel, width: 56, min: yMin, max: yMax }]}
        series={series.map((s) => ({ id: s.id, label: s.label, data: s.data, color: s.color, valueFormatter: (v: number | null) => s.format(v) }))}
      >
        {children}
      </BarChart>
      </Box>
    </Box>
  );
}

const noData = (f: (v: number) => string) => (v: number | null) => (v === null ? "no data" : f(v));

/** Consumption (and production) in kWh per bucket, the compared period's consumption beside. */
export function EnergyChart({ data, periodDays, comparedLabel }: { data: EnergyAnswer; periodDays: number; comparedLabel: string | null }) {
  const s = data.series;
  const series: Series[] = [{ id: "consumption", label: "Consumption", data: s.map((p) => p.consumption_kwh), color: COLOURS.consumption, format: noData((v) => kwhText(v)) }];
  if (data.compare && comparedLabel) {
    series.push({ id: "compared", label: comparedLabel, data: s.map((_, i) => data.compare!.series[i]?.consumption_kwh ?? null), color: COLOURS.compared, format: noData((v) => kwhText(v)) });
  }
  if (data.meter.producer) series.push({ id: "production", label: "Production", data: s.map((p) => p.production_kwh), color: COLOURS.production, format: noData((v) => kwhText(v)) });
  return <Bars title="Energy per period, in kWh" series={series} starts={s.map((p) => p.start)} ends={s.map((p) => p.end)} bucket={data.bucket} periodDays={periodDays} yLabel="kWh" />;
}

/** € per bucket, the compared period's beside. */
export function CostChart({ data, periodDays, comparedLabel }: { data: EnergyAnswer; periodDays: number; comparedLabel: string | null }) {
  const s = data.series;
  const fine = data.bucket === "30min" || data.bucket === "hour";
  const series: Series[] = [{ id: "cost", label: "Cost", data: s.map((p) => p.cost_eur), color: COLOURS.cost, format: noData((v) => eurText(v, fine)) }];
  if (data.compare && comparedLabel) {
    series.push({ id: "cost-compared", label: comparedLabel, data: s.map((_, i) => data.compare!.series[i]?.cost_eur ?? null), color: COLOURS.costCompared, format: noData((v) => eurText(v, fine)) });
  }
  return <Bars title="Cost per period, in euros" series={series} starts={s.map((p) => p.start)} ends={s.map((p) => p.end)} bucket={data.bucket} periodDays={periodDays} yLabel="€" />;
}

const dayStart = (d: PowerDay) => `${d.day}T00:00:00.000Z`;

/** The day's maximum power (kVA) against the subscribed power. */
export function PowerChart({ days, subscribedKva }: { days: PowerDay[]; subscribedKva: number | null }) {
  const kva = days.map((d) => (d.va === null ? null : Math.round(d.va / 10) / 100));
  const top = Math.max(subscribedKva ?? 0, ...kva.map((v) => v ?? 0));
  return (
    <Bars
      title="Maximum power per day, in kVA, against the subscribed power"
      series={[{ id: "power", label: "Maximum power", data: kva, color: COLOURS.power, format: noData((v) => `${v.toFixed(2)} kVA`) }]}
      // the day labels of the API's Paris days, read at noon UTC so that no time zone moves them
      starts={days.map((d) => dayStart(d).replace("T00:00", "T12:00"))}
      ends={days.map((d) => dayStart(d))}
      bucket="day"
      periodDays={days.length}
      yLabel="kVA"
      yMin={0}
      yMax={top > 0 ? Math.ceil(top * 1.15) : undefined}
    >
      {subscribedKva !== null && top > 0 && (
        <ChartsReferenceLine y={subscribedKva} label={`Subscribed ${subscribedKva} kVA`} labelAlign="end" lineStyle={{ stroke: COLOURS.limit, strokeDasharray: "6 4" }} labelStyle={{ fill: COLOURS.limit, fontSize: 12 }} />
      )}
    </Bars>
  );
}
