"use client";
// "Where your energy went" per hour or day, drawn with uPlot by bars/ as My Energy's other charts:
// the EV, the measured consumers and the rest piled up, solar production and what was drawn from
// the grid as lines. Loaded with next/dynamic (ssr: false) by energy-breakdown.tsx only.
import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { EnergyBreakdown } from "@/lib/swr/use-telemetry-household";
import { breakdownSeries } from "./breakdown";
import { breakdownColours, useSchemeTheme } from "./chart-theme";
import { intlLocale, kwhText, utcOf } from "./format";
import { Bars } from "./bars/bars";
import type { Series, Spec } from "./bars/spec";

const yNumbers = { en: new Intl.NumberFormat(intlLocale("en"), { maximumFractionDigits: 2 }), fr: new Intl.NumberFormat(intlLocale("fr"), { maximumFractionDigits: 2 }) };
/** The y axis's numbers: 1,234.5 / 1 234,5. */
const yNumber = (locale: Locale) => (v: number) => yNumbers[locale].format(v);

export function BreakdownChart({ data }: { data: EnergyBreakdown }) {
  const theme = useSchemeTheme();
  const t = useTranslations("energy");
  const locale = useLocale();
  const spec = useMemo((): Spec => {
    const c = breakdownColours(theme);
    const s = breakdownSeries(data);
    const roles = new Set(data.measurements.map((m) => m.role));
    const kwh = (v: number | null) => (v === null ? t("chart.noData") : kwhText(v, true, locale));
    const series: Series[] = [];
    if (roles.has("ev")) series.push({ id: "ev", label: t("breakdown.series.ev"), data: s.ev, color: c.ev(), format: kwh });
    if (roles.has("consumer")) series.push({ id: "consumers", label: t("breakdown.series.consumers"), data: s.consumers, color: c.consumer(), format: kwh });
    if (s.rest) series.push({ id: "rest", label: t("breakdown.series.rest"), data: s.rest, color: c.rest, format: kwh });
    if (s.solar) series.push({ id: "solar", label: t("breakdown.series.solar"), data: s.solar, color: c.solar, format: kwh, line: {} });
    if (s.grid) series.push({ id: "grid", label: t("breakdown.series.grid"), data: s.grid, color: c.grid, format: kwh, line: { dash: [6, 4] } });
    return {
      title: t("breakdown.chartTitle"),
      locale,
      live: (bucket: string, values: string) => t("chart.live", { bucket, values }),
      series,
      starts: s.starts,
      ends: s.ends,
      bucket: data.bucket,
      periodDays: Math.round((utcOf(data.to) - utcOf(data.from)) / 86_400_000) + 1,
      yLabel: "kWh",
      yFormat: yNumber(locale),
      yMin: 0,
      yMax: s.max > 0 ? s.max * 1.08 : undefined,
      stacked: true,
    };
  }, [data, theme, t, locale]);
  return <Bars spec={spec} />;
}
