"use client";
// An event's settlement on one chart: the household's usual use (its baseline, a dashed line) and
// its actual use (bars) per half hour of the window, in Wh; the same figures in a table below it
// (for screen readers and for reading the numbers). An SVG: a window holds at most 48 half hours.
import { useLocale, useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { fixedText } from "@/components/ui/numbers";
import type { HouseholdEventView } from "@/lib/swr/use-flex";
import type { Locale } from "@/lib/shared/locale.mjs";
import s from "./result-chart.module.css";

const W = 640, H = 220, LEFT = 48, BOTTOM = 28, TOP = 12;

/** "18:00", "18:30", … the half hours of the window from its start (Paris wall time, as the event says it). */
function halfHours(from: string, n: number): string[] {
  const [h, m] = from.split(":").map(Number);
  return Array.from({ length: n }, (_, i) => {
    const min = h * 60 + m + i * 30;
    return `${String(Math.floor(min / 60) % 24).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;
  });
}

export function ResultChart({ event }: { event: HouseholdEventView }) {
  const t = useTranslations("flex.result");
  const locale = useLocale() as Locale;
  const r = event.mine.result;
  if (!r || r.status !== "settled") return null;
  const n = r.baseline_wh.length;
  const labels = halfHours(event.from, n);
  const max = Math.max(1, ...r.baseline_wh, ...r.actual_wh.map((v) => v ?? 0)) * 1.1;
  const x = (i: number) => LEFT + ((W - LEFT - 8) * i) / n;
  const y = (v: number) => TOP + (H - TOP - BOTTOM) * (1 - v / max);
  const bw = ((W - LEFT - 8) / n) * 0.6;
  const ticks = [0, max / 2, max].map((v) => Math.round(v));
  const line = r.baseline_wh.map((v, i) => `${i ? "L" : "M"}${x(i)},${y(v)} L${x(i + 1)},${y(v)}`).join(" ");
  const wh = (v: number | null) => (v === null ? "–" : fixedText(v, 0, locale));
  return (
    <figure className={s.figure}>
      <svg viewBox={`0 0 ${W} ${H}`} className={s.svg} role="img" aria-label={t("chartLabel")}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={W - 8} y1={y(v)} y2={y(v)} className={s.grid} />
            <text x={LEFT - 6} y={y(v) + 4} textAnchor="end" className={s.axis}>
              {wh(v)}
            </text>
          </g>
        ))}
        {r.actual_wh.map((v, i) => (v === null ? null : <rect key={i} x={x(i) + ((W - LEFT - 8) / n - bw) / 2} y={y(v)} width={bw} height={y(0) - y(v)} className={s.actual} />))}
        <path d={line} className={s.baseline} />
        {labels.map((l, i) => (n <= 8 || i % Math.ceil(n / 8) === 0 ? (
          <text key={l + i} x={x(i) + (W - LEFT - 8) / n / 2} y={H - 8} textAnchor="middle" className={s.axis}>
            {l}
          </text>
        ) : null))}
      </svg>
      <figcaption className={s.legend}>
        <span className={s.keyBaseline} aria-hidden /> {t("baselineSeries")}
        <span className={s.keyActual} aria-hidden /> {t("actualSeries")}
      </figcaption>
      <details className={s.details}>
        <summary>
          <Text variant="body2" component="span" color="textSecondary">
            {t("tableCaption")}
          </Text>
        </summary>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">{t("period")}</th>
            <th scope="col">{t("baselineSeries")}</th>
            <th scope="col">{t("actualSeries")}</th>
            <th scope="col">{t("delivered")}</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((l, i) => {
            const a = r.actual_wh[i];
            const f = a === null ? null : event.direction === "down" ? r.baseline_wh[i] - a : a - r.baseline_wh[i];
            return (
              <tr key={l + i}>
                <th scope="row">{l}</th>
                <td>{wh(r.baseline_wh[i])}</td>
                <td>{wh(a)}</td>
                <td>{wh(f)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </details>
    </figure>
  );
}
