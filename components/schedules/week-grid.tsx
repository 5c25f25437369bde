import { Text } from "@/components/ui/text";
import { DAYS, hourLabel, HOURS } from "@/lib/schedules/rules";
import s from "./week-grid.module.css";
import { dayName, daysText, ENGLISH_WORDS, hoursText, monthsText, partSummary, powerText, type PlanPart, type ScheduleWords } from "./schedule-text";

export type GridTone = "primary" | "secondary";

const TICKS = [0, 6, 12, 18];
/** Each cell's, day label's and tick's classes, made once: where it sits is a class of week-grid.module.css (wg-d<day>, wg-h<hour>), not a style per element. */
const CELL = DAYS.map((d) => HOURS.map((h) => `wg-cell wg-d${d} wg-h${h}`));
const CELL_ON = CELL.map((row) => row.map((c) => `${c} wg-on`));
const DAY_LABEL = DAYS.map((d) => `wg-day wg-d${d}`);
const DAY_LABEL_ON = DAY_LABEL.map((c) => `${c} wg-day-on`);
const TICK = TICKS.map((h) => `wg-tick wg-h${h}`);

/**
 * A week at a glance: 7 days by 24 hours, shaded where the resource runs, under a caption with its
 * months, power, days and hours; screen readers get the same in words. From a small tablet up,
 * days are rows and hours columns; on a phone the grid turns (hours down, days across), so that
 * no cell is a few pixels wide. Each cell only says where it sits (a class for its day, one for
 * its hour) and whether it is on: one set of rules places them all, for either way round. The
 * grid is one image for assistive technology (its label says it all), its cells presentational. In English unless
 * given the page's `words` (the back-office's stays English).
 */
export function WeekGrid({ part, tone = "primary", dense = false, words = ENGLISH_WORDS }: { part: PlanPart; tone?: GridTone; dense?: boolean; words?: ScheduleWords }) {
  const { label, months, days, hours, average_power } = part;
  const { locale } = words;
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
        {TICKS.map((h, i) => (
          <span key={h} aria-hidden className={TICK[i]}>
            {hourLabel(h)}
          </span>
        ))}
        {DAYS.map((d, i) => {
          const dayOn = days.includes(d);
          return [
            <span key={`l${d}`} aria-hidden className={dayOn ? DAY_LABEL_ON[i] : DAY_LABEL[i]}>
              {dayName(d, locale, "short")}
            </span>,
            ...HOURS.map((h, j) => <span key={`${d}-${h}`} className={dayOn && hours.includes(h) ? CELL_ON[i][j] : CELL[i][j]} />),
          ];
        })}
      </div>
    </figure>
  );
}
