"use client";
// My Energy's charts, drawn with uPlot (MIT, canvas, about 22 KiB gzip). Loaded with next/dynamic
// (ssr: false) by my-energy-view.tsx only: uPlot reads `window` when it is imported, and its code
// stays out of every other page's JavaScript. Everything uPlot styles goes through el.style (CSSOM)
// and its few rules below through emotion (nonced): nothing the Content-Security-Policy refuses.
import { useLayoutEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import Box from "@mui/material/Box";
import { alpha, darken, lighten, useColorScheme, useTheme, type Theme } from "@mui/material/styles";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/messages";
import type { Bucket, EnergyAnswer, PowerDay } from "@/lib/swr/use-energy";
import { CHART_HEIGHT } from "./chart-skeleton";
import { bucketLabel, bucketText } from "./period";
import { fixedText } from "@/components/ui/numbers";
import { eurText, intlLocale, kgText, kwhText, percentSpace } from "./format";

/**
 * The theme with the palette of the colour scheme shown (light or dark): canvas needs the values,
 * not the CSS variables, and `useTheme().palette` is the light scheme's whatever is shown.
 */
function useSchemeTheme(): Theme {
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  return useMemo(() => {
    const palette = theme.colorSchemes[colorScheme ?? "light"]?.palette;
    return palette ? { ...theme, palette } : theme;
  }, [theme, colorScheme]);
}

/** The series' colours, from the theme of the scheme shown. */
function chartColours(theme: Theme) {
  const p = theme.palette;
  const dark = p.mode === "dark";
  // a compared period is the same hue, faded towards the background
  const fade = (c: string, by: number) => (dark ? darken(c, by) : lighten(c, by));
  return {
    consumption: p.primary.main,
    compared: fade(p.primary.main, 0.55),
    production: p.secondary.main,
    cost: p.info.main,
    costCompared: fade(p.info.main, 0.6),
    carbon: p.success.main,
    carbonCompared: fade(p.success.main, 0.6),
    power: dark ? p.grey[500] : p.grey[600],
    limit: dark ? p.error.light : p.error.dark,
  };
}

type Series = { id: string; label: string; data: (number | null)[]; color: string; format: (v: number | null) => string };
type Spec = {
  title: string;
  /** the language of the axis, the tooltip and the live region */
  locale: Locale;
  /** a bucket and its values in words, for the live region: "Tue 4 Nov 2025: Consumption 8.31 kWh" */
  live: (bucket: string, values: string) => string;
  series: Series[];
  starts: string[];
  ends: string[];
  bucket: Bucket;
  periodDays: number;
  yLabel: string;
  yFormat: (v: number) => string;
  yMin?: number;
  yMax?: number;
  /** a dashed line across the chart (the subscribed power) */
  limit?: { value: number; label: string; color: string };
};

// uPlot's stylesheet, the rules these charts use (its legend is ours, in HTML)
const uplotCss = {
  "& .uplot, & .uplot *": { boxSizing: "border-box" },
  "& .u-wrap": { position: "relative", userSelect: "none" },
  "& .u-over, & .u-under": { position: "absolute" },
  "& .u-under": { overflow: "hidden" },
  "& .uplot canvas": { display: "block", position: "relative", width: "100%", height: "100%" },
  "& .u-axis": { position: "absolute" },
  "& .u-axis.u-off, & .u-select.u-off, & .u-cursor-x.u-off, & .u-cursor-y.u-off, & .u-cursor-pt.u-off": { display: "none" },
} as const;

let measurer: CanvasRenderingContext2D | null = null;
const textWidth = (text: string, font: string) => {
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return text.length * 7;
  measurer.font = font;
  return measurer.measureText(text).width;
};
const pxRatio = () => window.devicePixelRatio || 1;
const yNumbers = { en: new Intl.NumberFormat(intlLocale("en"), { maximumFractionDigits: 2 }), fr: new Intl.NumberFormat(intlLocale("fr"), { maximumFractionDigits: 2 }) };
/** The y axis's numbers: 1,234.5 / 1 234,5. */
const yNumber = (locale: Locale) => (v: number) => yNumbers[locale].format(v);

/**
 * Bars per bucket, the series side by side in each: the x axis holds indices (two buckets may
 * share a label, as 02:00 on the October DST day), a null is a gap. A legend in HTML above, a
 * tooltip on hover, and the arrow keys walk the buckets when the chart has the focus.
 */
function Bars({ spec }: { spec: Spec }) {
  const theme = useSchemeTheme();
  const plotRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLSpanElement>(null);
  const keyRef = useRef<((e: React.KeyboardEvent) => void) | null>(null);
  const blurRef = useRef<(() => void) | null>(null);

  useLayoutEffect(() => {
    const el = plotRef.current!, tip = tipRef.current!, live = liveRef.current!;
    const { series, starts, ends, bucket, periodDays, yLabel, yFormat, limit, locale, live: liveText } = spec;
    const n = starts.length, k = series.length;
    const family = theme.typography.fontFamily ?? "sans-serif";
    const font = `12px ${family}`;
    const axisColour = theme.palette.text.secondary;
    const gridColour = theme.palette.divider;
    const labels = starts.map((s) => bucketLabel(s, bucket, periodDays, locale));
    const labelWidth = Math.max(...labels.map((l) => textWidth(l, font)));
    const text = (i: number) => liveText(bucketText(starts[i], ends[i], bucket, locale), series.map((s) => `${s.label} ${s.format(s.data[i])}`).join(", "));

    // bars: the group takes most of its bucket, its bars split it (a thin gap between them)
    const barPaths = (si: number): uPlot.Series.PathBuilder => (u, seriesIdx, idx0, idx1) => {
      const fill = new Path2D();
      const ys = u.data[seriesIdx];
      const r = pxRatio();
      const bucketPx = u.bbox.width / n;
      const groupPx = bucketPx * (n > 60 ? 0.86 : 0.72);
      const gap = k > 1 && groupPx > 8 * r ? Math.min(2 * r, groupPx * 0.08) : 0;
      const barPx = Math.max(r, (groupPx - gap * (k - 1)) / k);
      const y0 = u.valToPos(0, "y", true);
      const round = barPx > 6 * r && typeof fill.roundRect === "function";
      for (let i = idx0; i <= idx1; i++) {
        const v = ys[i];
        if (v === null || v === undefined) continue;
        const left = u.valToPos(i, "x", true) - groupPx / 2 + si * (barPx + gap);
        const y = u.valToPos(v, "y", true);
        const top = Math.min(y, y0), h = Math.max(Math.abs(y0 - y), v === 0 ? 0 : r);
        if (round) fill.roundRect(left, top, barPx, h, v >= 0 ? [2 * r, 2 * r, 0, 0] : [0, 0, 2 * r, 2 * r]);
        else fill.rect(left, top, barPx, h);
      }
      return { fill, stroke: null };
    };

    // the hovered (or focused) bucket: a light band in the plot, a tooltip beside
    let band: HTMLDivElement | null = null;
    const rows = series.map((s) => {
      const row = document.createElement("div");
      const dot = document.createElement("span");
      dot.style.background = s.color;
      const value = document.createElement("b");
      row.append(dot, document.createTextNode(`${s.label} `), value);
      return { row, value };
    });
    const head = document.createElement("div");
    // in the page only while shown: at rest the legend alone says the series' names
    const show = (u: uPlot, i: number | null) => {
      if (i === null) {
        tip.style.display = "none";
        tip.replaceChildren();
        if (band) band.style.display = "none";
        return;
      }
      const w = u.over.clientWidth / n;
      const x = u.valToPos(i, "x");
      if (band) {
        band.style.display = "block";
        band.style.left = `${x - w / 2}px`;
        band.style.width = `${Math.max(w, 2)}px`;
      }
      if (!tip.firstChild) tip.replaceChildren(head, ...rows.map((r) => r.row));
      head.textContent = bucketText(starts[i], ends[i], bucket, locale);
      rows.forEach((r, si) => (r.value.textContent = series[si].format(series[si].data[i])));
      tip.style.display = "block";
      const tipWidth = tip.offsetWidth;
      const overLeft = u.over.offsetLeft;
      const right = overLeft + x + w / 2 + 8;
      const left = right + tipWidth <= el.clientWidth ? right : Math.max(0, overLeft + x - w / 2 - 8 - tipWidth);
      tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(u.over.offsetTop + 4)}px)`;
    };
    let focused: number | null = null;

    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 100),
      height: Math.max(el.clientHeight, 100),
      padding: [10, 8, 0, 0],
      legend: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
      scales: {
        x: { time: false, range: () => [-0.5, n - 0.5] },
        y: {
          range: (_u, min, max) => {
            const lo = spec.yMin ?? Math.min(0, min ?? 0);
            const hi = spec.yMax ?? Math.max(lo + 1e-9, max ?? 0) * 1.08;
            return [lo, hi > lo ? hi : lo + 1];
          },
        },
      },
      axes: [
        {
          stroke: axisColour,
          font,
          size: 30,
          gap: 4,
          grid: { show: false },
          ticks: { show: true, stroke: gridColour, width: 1, size: 4 },
          // as many labels as fit without touching, on whole steps of buckets
          splits: (u) => {
            const width = u.bbox.width / pxRatio();
            const fit = Math.max(1, Math.floor(width / (labelWidth + 14)));
            const step = Math.max(1, Math.ceil(n / fit));
            const out: number[] = [];
            // a label past the right edge (beyond the plot's padding) would be cut: left out
            for (let i = 0; i < n; i += step) if (i === 0 || ((i + 0.5) / n) * width + labelWidth / 2 <= width + 8) out.push(i);
            return out;
          },
          values: (_u, splits) => splits.map((i) => labels[i] ?? ""),
        },
        {
          stroke: axisColour,
          font,
          label: yLabel,
          labelFont: font,
          labelSize: 16,
          labelGap: 2,
          gap: 6,
          grid: { stroke: gridColour, width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((v) => yFormat(v)),
          size: (_u, values) => 16 + 10 + Math.ceil(Math.max(16, ...(values ?? []).map((v) => textWidth(String(v), font)))),
        },
      ],
      series: [{}, ...series.map((s, si) => ({ label: s.label, fill: s.color, stroke: s.color, width: 0, paths: barPaths(si), points: { show: false } }))],
      hooks: {
        ready: [
          (u) => {
            band = document.createElement("div");
            band.style.position = "absolute";
            band.style.top = "0";
            band.style.height = "100%";
            band.style.display = "none";
            band.style.pointerEvents = "none";
            band.style.background = alpha(theme.palette.text.primary, 0.06);
            u.over.appendChild(band);
          },
        ],
        setCursor: [
          (u) => {
            const left = u.cursor.left ?? -1;
            if (left < 0) return show(u, focused);
            show(u, Math.min(n - 1, Math.max(0, Math.round(u.posToVal(left, "x")))));
          },
        ],
        draw: [
          (u) => {
            if (!limit) return;
            const r = pxRatio(), ctx = u.ctx;
            const y = Math.round(u.valToPos(limit.value, "y", true)) + 0.5;
            const x0 = u.bbox.left, x1 = u.bbox.left + u.bbox.width;
            ctx.save();
            ctx.strokeStyle = limit.color;
            ctx.lineWidth = 2 * r;
            ctx.setLineDash([6 * r, 4 * r]);
            ctx.beginPath();
            ctx.moveTo(x0, y);
            ctx.lineTo(x1, y);
            ctx.stroke();
            ctx.setLineDash([]);
            ctx.font = `600 ${12 * r}px ${family}`;
            ctx.textAlign = "right";
            ctx.textBaseline = "bottom";
            const w = ctx.measureText(limit.label).width;
            ctx.fillStyle = alpha(theme.palette.background.paper, 0.85);
            ctx.fillRect(x1 - w - 8 * r, y - 19 * r, w + 6 * r, 16 * r);
            ctx.fillStyle = limit.color;
            ctx.fillText(limit.label, x1 - 5 * r, y - 5 * r);
            ctx.restore();
          },
        ],
      },
    };
    const u = new uPlot(opts, [starts.map((_, i) => i), ...series.map((s) => s.data)], el);

    // the arrow keys walk the buckets; the live region says each one
    keyRef.current = (e) => {
      const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1, Home: -n, End: n, PageUp: 10, PageDown: -10 };
      if (e.key === "Escape") {
        focused = null;
        show(u, null);
        return;
      }
      if (!(e.key in moves)) return;
      e.preventDefault();
      focused = Math.min(n - 1, Math.max(0, focused === null ? (moves[e.key] > 0 ? 0 : n - 1) : focused + moves[e.key]));
      show(u, focused);
      live.textContent = text(focused);
    };
    blurRef.current = () => {
      focused = null;
      show(u, null);
    };

    const resize = new ResizeObserver(() => {
      const width = Math.max(el.clientWidth, 100), height = Math.max(el.clientHeight, 100);
      if (width !== u.width || height !== u.height) u.setSize({ width, height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      keyRef.current = null;
      blurRef.current = null;
    };
  }, [spec, theme]);

  return (
    // the legend (one or two lines) and the chart share the chart's fixed height: nothing below moves
    <Box
      role="figure"
      aria-label={spec.title}
      aria-describedby={undefined}
      tabIndex={0}
      onKeyDown={(e) => keyRef.current?.(e)}
      onBlur={() => blurRef.current?.()}
      sx={{ width: "100%", height: CHART_HEIGHT, display: "flex", flexDirection: "column", gap: 0.5, borderRadius: 1, outline: "none", "&:focus-visible": { boxShadow: (t) => `0 0 0 2px ${t.vars.palette.primary.main}` } }}
    >
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0.25, fontSize: 13, color: "text.secondary" }}>
        {spec.series.map((s) => (
          <Box component="li" key={s.id} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color }} />
            {s.label}
          </Box>
        ))}
        {spec.limit && (
          <Box component="li" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 16, borderTop: 2, borderTopStyle: "dashed", borderColor: spec.limit.color }} />
            {spec.limit.label}
          </Box>
        )}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, position: "relative", overflow: "hidden", ...uplotCss }}>
        <Box ref={plotRef} aria-hidden sx={{ position: "absolute", inset: 0 }} />
        <Box
          ref={tipRef}
          aria-hidden
          sx={{
            display: "none",
            position: "absolute",
            top: 0,
            left: 0,
            zIndex: 1,
            pointerEvents: "none",
            bgcolor: "background.paper",
            border: 1,
            borderColor: "divider",
            borderRadius: 1.5,
            boxShadow: 3,
            px: 1.25,
            py: 0.75,
            fontSize: 13,
            lineHeight: 1.6,
            whiteSpace: "nowrap",
            "& > div:first-of-type": { fontWeight: 600, mb: 0.25 },
            "& span": { display: "inline-block", width: 10, height: 10, borderRadius: 0.5, mr: 0.75 },
            "& b": { fontWeight: 600, fontVariantNumeric: "tabular-nums" },
          }}
        />
        <Box component="span" ref={liveRef} aria-live="polite" sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" }} />
      </Box>
    </Box>
  );
}

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
