"use client";
// My Energy's charts, drawn with uPlot (MIT, canvas, about 22 KiB gzip) by bars/. Loaded with
// next/dynamic (ssr: false) by my-energy-view.tsx only: uPlot reads `window` when it is imported, and
// its code stays out of every other page's JavaScript. Each chart says what its bars are (bars/spec.ts).
import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { EnergyAnswer, PowerDay } from "@/lib/swr/use-energy";
import { fixedText } from "@/components/ui/numbers";
import { eurText, intlLocale, kgText, kwhText, percentSpace } from "./format";
import { chartColours, useSchemeTheme } from "./chart-theme";
import { Bars } from "./bars/bars";
import type { Series, Spec } from "./bars/spec";

const yNumbers = { en: new Intl.NumberFormat(intlLocale("en"), { maximumFractionDigits: 2 }), fr: new Intl.NumberFormat(intlLocale("fr"), { maximumFractionDigits: 2 }) };
/** The y axis's numbers: 1,234.5 / 1 234,5. */
const yNumber = (locale: Locale) => (v: number) => yNumbers[locale].format(v);

const noData = (none: string, f: (v: number) => string) => (v: number | null) => (v === null ? none : f(v));
const starts = (data: EnergyAnswer) => data.series.map((p) => p.start);
const ends = (data: EnergyAnswer) => data.series.map((p) => p.end);

/** Consumption (and production) in kWh per bucket, the compared period's consumption beside. */
export function EnergyChart({ data, periodDays, comparedLabel }: { data: EnergyAnswer; periodDays: number; comparedLabel: string | null }) {
  const theme = useSchemeTheme();
  const t = useTranslations("energy");
  const locale = useLocale();
  const spec = useMemo((): Spec => {
    const c = chartColours(theme);
    const s = data.series;
    const kwh = noData(t("chart.noData"), (v) => kwhText(v, true, locale));
    const series: Series[] = [{ id: "consumption", label: t("chart.consumption"), data: s.map((p) => p.consumption_kwh), color: c.consumption, format: kwh }];
    if (data.compare && comparedLabel) series.push({ id: "compared", label: comparedLabel, data: s.map((_, i) => data.compare!.series[i]?.consumption_kwh ?? null), color: c.compared, format: kwh });
    if (data.meter.producer) series.push({ id: "production", label: t("chart.production"), data: s.map((p) => p.production_kwh), color: c.production, format: kwh });
    const live = (bucket: string, values: string) => t("chart.live", { bucket, values });
    return { title: t("chart.energyTitle"), locale, live, series, starts: starts(data), ends: ends(data), bucket: data.bucket, periodDays, yLabel: "kWh", yFormat: yNumber(locale) };
  }, [data, periodDays, comparedLabel, theme, t, locale]);
  return <Bars spec={spec} />;
}

/** What a one-figure chart shows: € (Cost) or kg CO₂ (Carbon footprint) per bucket. */
const ONE_FIGURE = {
  cost: { field: "cost_eur", label: "chart.cost", title: "chart.costTitle", colour: "cost", compared: "costCompared", yLabel: "€" },
  carbon: { field: "co2_kg", label: "chart.carbon", title: "chart.carbonTitle", colour: "carbon", compared: "carbonCompared", yLabel: "kg" },
} as const;

/** One figure per bucket (€, or kg CO₂ from the grid's intensity hour by hour), the compared period's beside. */
function OneFigureChart({ kind, data, periodDays, comparedLabel }: { kind: keyof typeof ONE_FIGURE; data: EnergyAnswer; periodDays: number; comparedLabel: string | null }) {
  const theme = useSchemeTheme();
  const t = useTranslations("energy");
  const locale = useLocale();
  const spec = useMemo((): Spec => {
    const k = ONE_FIGURE[kind];
    const c = chartColours(theme);
    const fine = data.bucket === "30min" || data.bucket === "hour";
    const format = noData(t("chart.noData"), (v) => (kind === "cost" ? eurText(v, fine, locale) : kgText(v, locale)));
    const series: Series[] = [{ id: kind, label: t(k.label), data: data.series.map((p) => p[k.field]), color: c[k.colour], format }];
    if (data.compare && comparedLabel) series.push({ id: `${kind}-compared`, label: comparedLabel, data: data.series.map((_, i) => data.compare!.series[i]?.[k.field] ?? null), color: c[k.compared], format });
    const live = (bucket: string, values: string) => t("chart.live", { bucket, values });
    return { title: t(k.title), locale, live, series, starts: starts(data), ends: ends(data), bucket: data.bucket, periodDays, yLabel: k.yLabel, yFormat: yNumber(locale) };
  }, [kind, data, periodDays, comparedLabel, theme, t, locale]);
  return <Bars spec={spec} />;
}

type FigureChartProps = { data: EnergyAnswer; periodDays: number; comparedLabel: string | null };
/** € per bucket, the compared period's beside. */
export const CostChart = (props: FigureChartProps) => <OneFigureChart kind="cost" {...props} />;
/** kg CO₂ per bucket, the compared period's beside. */
export const CarbonChart = (props: FigureChartProps) => <OneFigureChart kind="carbon" {...props} />;

/** The day's maximum power (kVA) against the subscribed power. */
export function PowerChart({ days, subscribedKva }: { days: PowerDay[]; subscribedKva: number | null }) {
  const theme = useSchemeTheme();
  const t = useTranslations("energy");
  const locale = useLocale();
  const spec = useMemo((): Spec => {
    const c = chartColours(theme);
    const kva = days.map((d) => (d.va === null ? null : Math.round(d.va / 10) / 100));
    const top = Math.max(subscribedKva ?? 0, ...kva.map((v) => v ?? 0));
    const pct = (v: number) => (subscribedKva ? ` (${Math.round((v / subscribedKva) * 100)}${percentSpace(locale)}%)` : "");
    const unit = locale === "fr" ? "\u00a0kVA" : " kVA";
    return {
      title: t("chart.powerTitle"),
      locale,
      live: (bucket: string, values: string) => t("chart.live", { bucket, values }),
      series: [{ id: "power", label: t("chart.maxPower"), data: kva, color: c.power, format: noData(t("chart.noData"), (v) => `${fixedText(v, 2, locale)}${unit}${pct(v)}`) }],
      // the day labels of the API's Paris days, read at noon UTC so that no time zone moves them
      starts: days.map((d) => `${d.day}T12:00:00.000Z`),
      ends: days.map((d) => `${d.day}T12:00:00.000Z`),
      bucket: "day",
      periodDays: days.length,
      yLabel: "kVA",
      yFormat: yNumber(locale),
      yMin: 0,
      yMax: top > 0 ? Math.ceil(top * 1.15) : undefined,
      limit: subscribedKva !== null && top > 0 ? { value: subscribedKva, label: t("chart.subscribed", { kva: subscribedKva }), color: c.limit } : undefined,
    };
  }, [days, subscribedKva, theme, t, locale]);
  return <Bars spec={spec} />;
}
