"use client";
// A device's power, one line per measurement, drawn with uPlot as My Energy's charts are: loaded
// by next/dynamic (ssr: false) from power-chart-panel.tsx only, since uPlot reads `window` when it
// is imported. Times are Paris's, as everywhere in the app. The legend, in HTML above the plot,
// names each line and gives its value at the time pointed at; the arrow keys walk the times when
// the chart has the focus, and a live region says each one. Everything uPlot styles goes through
// el.style (CSSOM) and its few rules below through emotion (nonced): nothing the CSP refuses.
import { useLayoutEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import Box from "@mui/material/Box";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/shared/locale.mjs";
import { CHART_HEIGHT } from "@/components/energy/chart-skeleton";
import { chartColours, uplotBaseCss, useSchemeTheme } from "@/components/energy/chart-theme";
import { intlLocale, wattsText } from "@/components/energy/format";
import { visuallyHidden } from "@/components/ui/visually-hidden";
import { isolatedPoints } from "./power-series";

const TZ = "Europe/Paris";

export type PowerLine = { id: number; label: string; kind: "home" | "solar" | "other"; data: (number | null)[] };

// uPlot's stylesheet, the rules this chart uses (its legend is ours, in HTML)
const uplotCss = {
  ...uplotBaseCss,
  "& .u-cursor-x, & .u-cursor-pt": { position: "absolute", left: 0, top: 0, pointerEvents: "none", willChange: "transform" },
  "& .u-cursor-x": { height: "100%", borderRight: "1px dashed var(--mui-palette-text-secondary)" },
  "& .u-cursor-pt": { borderRadius: "50%", border: "0 solid", backgroundClip: "padding-box !important" },
  "& .u-axis.u-off, & .u-select, & .u-cursor-y, & .u-cursor-x.u-off, & .u-cursor-pt.u-off": { display: "none" },
} as const;

/** The words of the axis, the legend and the live region, in Paris time and the reader's language. */
function timeWords(locale: Locale) {
  const l = intlLocale(locale);
  const hm = new Intl.DateTimeFormat(l, { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: TZ });
  const day = new Intl.DateTimeFormat(l, { weekday: "short", day: "numeric", timeZone: TZ });
  const full = new Intl.DateTimeFormat(l, { weekday: "short", day: "numeric", month: "short", timeZone: TZ });
  return {
    /** an axis label: "14:00"; over days, a day's midnight as "Tue 4" */
    axis: (s: number, days: number) => {
      const d = new Date(s * 1000);
      const time = hm.format(d);
      return days > 1 && time === "00:00" ? day.format(d) : time;
    },
    /** a point's time: "Tue 4 Nov, 14:05" */
    point: (s: number) => `${full.format(new Date(s * 1000))}, ${hm.format(new Date(s * 1000))}`,
  };
}

/** The lines' colours: the home's the consumption's, solar the production's, the rest the other hues, none twice. */
function coloursOf(lines: PowerLine[], theme: ReturnType<typeof useSchemeTheme>) {
  const c = chartColours(theme);
  const preferred = { home: c.consumption, solar: c.production, other: c.cost };
  const spare = [c.cost, c.carbon, c.power, c.consumption, c.production];
  const used = new Set<string>();
  return lines.map((l) => {
    const colour = [preferred[l.kind], ...spare].find((x) => !used.has(x)) ?? preferred[l.kind];
    used.add(colour);
    return colour;
  });
}

/** The chart (see the top of this file): `xs` in Unix seconds, each line's values on them (null: a gap). */
export function PowerChart({ title, describedBy, xs, lines, days }: { title: string; describedBy: string; xs: number[]; lines: PowerLine[]; days: number }) {
  const t = useTranslations("devices.live.chart");
  const locale = useLocale();
  const theme = useSchemeTheme();
  const plotRef = useRef<HTMLDivElement>(null);
  const timeRef = useRef<HTMLLIElement>(null);
  const valueRefs = useRef<(HTMLSpanElement | null)[]>([]);
  const liveRef = useRef<HTMLSpanElement>(null);
  const keyRef = useRef<((e: React.KeyboardEvent) => void) | null>(null);
  const blurRef = useRef<(() => void) | null>(null);
  const colours = useMemo(() => coloursOf(lines, theme), [lines, theme]);

  useLayoutEffect(() => {
    const el = plotRef.current!;
    const words = timeWords(locale);
    const n = xs.length;
    const top = Math.max(1, ...lines.flatMap((l) => l.data.map((v) => Math.abs(v ?? 0))));
    const kw = top >= 1000;
    const yNumber = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: kw ? 1 : 0 });
    const yText = (v: number) => yNumber.format(kw ? v / 1000 : v);
    const font = `12px ${theme.typography.fontFamily ?? "sans-serif"}`;
    const axisColour = theme.palette.text.secondary;
    const gridColour = theme.palette.divider;
    const format = (v: number | null) => (v === null ? t("noData") : wattsText(v, locale));
    let focused: number | null = null;

    // the legend's time and values at point i (none: blank)
    const show = (i: number | null) => {
      if (timeRef.current) timeRef.current.textContent = i === null ? "" : words.point(xs[i]);
      lines.forEach((l, li) => {
        const span = valueRefs.current[li];
        if (span) span.textContent = i === null ? "" : format(l.data[i]);
      });
    };

    const u = new uPlot(
      {
        width: Math.max(el.clientWidth, 100),
        height: Math.max(el.clientHeight, 100),
        padding: [10, 12, 0, 0],
        legend: { show: false },
        tzDate: (s) => uPlot.tzDate(new Date(s * 1000), TZ),
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        cursor: { y: false, points: { size: 8 }, drag: { x: false, y: false, setScale: false } },
        scales: {
          x: { time: true, range: () => [xs[0], xs[n - 1]] },
          y: {
            // zero always in sight: below it is power sent to the grid
            range: (_u, min, max) => {
              const lo = Math.min(0, min ?? 0);
              const hi = Math.max(0, max ?? 0);
              const pad = (hi - lo) * 0.08 || 1;
              return [lo < 0 ? lo - pad : 0, hi + pad];
            },
          },
        },
        axes: [
          {
            stroke: axisColour,
            font,
            space: 64,
            grid: { stroke: gridColour, width: 1 },
            ticks: { stroke: gridColour, width: 1, size: 4 },
            values: (_u, splits) => splits.map((s) => words.axis(s, days)),
          },
          {
            stroke: axisColour,
            font,
            label: kw ? "kW" : "W",
            labelFont: font,
            labelSize: 16,
            labelGap: 2,
            gap: 6,
            size: 58,
            grid: { stroke: gridColour, width: 1 },
            ticks: { show: false },
            values: (_u, splits) => splits.map(yText),
          },
        ],
        series: [
          {},
          ...lines.map((l, li) => ({
            label: l.label,
            stroke: colours[li],
            width: 2,
            spanGaps: false,
            // a lone value between two gaps: a dot, since no line can join it
            points: { show: true, size: 5, fill: colours[li], filter: isolatedPoints(l.data) },
          })),
        ],
        hooks: {
          setCursor: [
            (u) => {
              const idx = u.cursor.idx;
              show(idx === undefined || idx === null ? focused : idx);
            },
          ],
        },
      },
      [xs, ...lines.map((l) => l.data)],
      el,
    );

    // the arrow keys walk the points; the live region says each one
    keyRef.current = (e) => {
      const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10, Home: -n, End: n };
      if (e.key === "Escape") {
        focused = null;
        u.setCursor({ left: -10, top: -10 });
        show(null);
        return;
      }
      if (!(e.key in moves) || !n) return;
      e.preventDefault();
      focused = Math.min(n - 1, Math.max(0, focused === null ? (moves[e.key] > 0 ? 0 : n - 1) : focused + moves[e.key]));
      u.setCursor({ left: u.valToPos(xs[focused], "x"), top: u.over.clientHeight / 2 });
      show(focused);
      if (liveRef.current) liveRef.current.textContent = t("point", { time: words.point(xs[focused]), values: lines.map((l) => `${l.label} ${format(l.data[focused!])}`).join(", ") });
    };
    blurRef.current = () => {
      focused = null;
      u.setCursor({ left: -10, top: -10 });
      show(null);
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
  }, [xs, lines, colours, days, locale, theme, t]);

  return (
    // the legend and the plot share the chart's fixed height: nothing below moves
    <Box
      role="figure"
      aria-label={title}
      aria-describedby={describedBy}
      tabIndex={0}
      onKeyDown={(e) => keyRef.current?.(e)}
      onBlur={() => blurRef.current?.()}
      sx={{ width: "100%", height: CHART_HEIGHT, display: "flex", flexDirection: "column", gap: 0.5, borderRadius: 1, outline: "none", "&:focus-visible": { boxShadow: (th) => `0 0 0 2px ${th.vars.palette.primary.main}` } }}
    >
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 0.25, fontSize: 13, color: "text.secondary", minHeight: 20 }}>
        {lines.map((l, li) => (
          <Box component="li" key={l.id} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 14, height: 3, borderRadius: 1, bgcolor: colours[li] }} />
            {l.label}
            <Box component="span" aria-hidden ref={(node: HTMLSpanElement | null) => void (valueRefs.current[li] = node)} sx={{ fontWeight: 600, color: "text.primary", fontVariantNumeric: "tabular-nums" }} />
          </Box>
        ))}
        <Box component="li" aria-hidden ref={timeRef} sx={{ ml: "auto", fontVariantNumeric: "tabular-nums" }} />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, position: "relative", overflow: "hidden", ...uplotCss }}>
        <Box ref={plotRef} aria-hidden sx={{ position: "absolute", inset: 0 }} />
        <span ref={liveRef} aria-live="polite" style={visuallyHidden} />
      </Box>
    </Box>
  );
}
