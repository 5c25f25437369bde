import { Text } from "@/components/ui/text";
import { DAYS, hourLabel, HOURS } from "@/lib/schedules/rules";
import s from "./week-grid.module.css";
import { dayName, daysText, ENGLISH_WORDS, hoursText, monthsText, partSummary, powerText, type PlanPart, type ScheduleWords } from "./schedule-text";

export type GridTone = "primary" | "secondary";

const TICKS = [0, 6, 12, 18];
/** The grid line of hour `h` along the hours' axis (after the labels' track, a gap every six hours). */
const hourLine = (h: number) => 2 + h + Math.floor(h / 6);
/** The grid line of day `d` along the days' axis (after the labels' track). */
const dayLine = (d: number) => d + 2;

/**
 * A week at a glance: 7 days by 24 hours, shaded where the resource runs, under a caption with its
 * months, power, days and hours; screen readers get the same in words. From a small tablet up,
 * days are rows and hours columns; on a phone the grid turns (hours down, days across), so that
 * no cell is a few pixels wide. Each cell only says where it sits (two custom properties) and
 * whether it is on: one set of rules places them all, for either way round. In English unless
 * given the page's `words` (the back-office's stays English).
 */
export function WeekGrid({ part, tone = "primary", dense = false, words = ENGLISH_WORDS }: { part: PlanPart; tone?: GridTone; dense?: boolean; words?: ScheduleWords }) {
  const { label, months, days, hours, average_power } = part;
  const { locale } = words;
  const at = (day: number | null, hour: number | null) => ({ ...(day === null ? {} : { "--day": dayLine(day) }), ...(hour === null ? {} : { "--hour": hourLine(hour) }) }) as React.CSSProperties;
  return (
    <figure className={`${s.figure} ${s[tone]}`}>
      <figcaption aria-hidden className={s.caption}>
        <Text variant="body2" className={s.line}>
          {label && (
            // the part's colour as a swatch beside its name: the name itself in the text colour (the
            // secondary orange reads 3:1 as text)
            <span className={s.label}>{label}</span>
          )}
          <span className={s.months}>{monthsText(months, words)}</span>
          <span className={s.power}>{powerText(average_power, locale)}</span>
        </Text>
        <Text variant="caption" color="textSecondary" component="p">
          {daysText(days, words)} · {hoursText(hours, words)}
        </Text>
      </figcaption>
      <div role="img" aria-label={partSummary(part, words)} className={dense ? `${s.grid} ${s.dense}` : s.grid}>
        {TICKS.map((h) => (
          <span key={h} aria-hidden className="wg-tick" style={at(null, h)}>
            {hourLabel(h)}
          </span>
        ))}
        {DAYS.map((d) => {
          const dayOn = days.includes(d);
          return [
            <span key={`l${d}`} aria-hidden className={dayOn ? "wg-day wg-day-on" : "wg-day"} style={at(d, null)}>
              {dayName(d, locale, "short")}
            </span>,
            ...HOURS.map((h) => <span key={`${d}-${h}`} aria-hidden className={dayOn && hours.includes(h) ? "wg-cell wg-on" : "wg-cell"} style={at(d, h)} />),
          ];
        })}
      </div>
    </figure>
  );
}
