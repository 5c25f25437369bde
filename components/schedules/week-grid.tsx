import Box from "@mui/material/Box";
import { Text } from "@/components/ui/text";
import { DAYS, hourLabel, HOURS } from "@/lib/schedules/rules";
import { dayName, daysText, ENGLISH_WORDS, hoursText, monthsText, partSummary, powerText, type PlanPart, type ScheduleWords } from "./schedule-text";

export type GridTone = "primary" | "secondary";

const TICKS = [0, 6, 12, 18];
/** Day labels, then four blocks of six hours with a narrow gap between blocks (easier to read the time). */
const HOUR_TRACKS = (size: string) => `repeat(6, ${size}) 2px repeat(6, ${size}) 2px repeat(6, ${size}) 2px repeat(6, ${size})`;
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
  const cell = dense ? { xs: "8px", sm: "12px" } : { xs: "9px", sm: "16px" };
  const at = (day: number | null, hour: number | null) => ({ ...(day === null ? {} : { "--day": dayLine(day) }), ...(hour === null ? {} : { "--hour": hourLine(hour) }) }) as React.CSSProperties;
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Box component="figcaption" aria-hidden sx={{ mb: 0.75 }}>
        <Text variant="body2" sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, alignItems: "baseline" }}>
          {label && (
            // the part's colour as a swatch beside its name: the name itself in the text colour (the
            // secondary orange reads 3:1 as text)
            <Box component="span" sx={{ fontWeight: 700, display: "inline-flex", alignItems: "center", gap: 0.75, "&::before": { content: '""', width: 10, height: 10, borderRadius: "2px", bgcolor: `${tone}.main` } }}>
              {label}
            </Box>
          )}
          <Box component="span" sx={{ fontWeight: 600 }}>
            {monthsText(months, words)}
          </Box>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {powerText(average_power, locale)}
          </Box>
        </Text>
        <Text variant="caption" color="textSecondary" component="p">
          {daysText(days, words)} · {hoursText(hours, words)}
        </Text>
      </Box>
      <Box
        role="img"
        aria-label={partSummary(part, words)}
        sx={{
          display: "grid",
          gap: "2px",
          alignItems: "center",
          gridTemplateColumns: { xs: "2.6rem repeat(7, minmax(0, 1fr))", sm: `2.1rem ${HOUR_TRACKS("minmax(0, 1fr)")}` },
          gridTemplateRows: { xs: `auto ${HOUR_TRACKS(cell.xs)}`, sm: "none" },
          "& > .wg-cell": {
            gridRow: { xs: "var(--hour)", sm: "var(--day)" },
            gridColumn: { xs: "var(--day)", sm: "var(--hour)" },
            height: { xs: "100%", sm: cell.sm },
            borderRadius: "2px",
            bgcolor: "action.hover",
          },
          "& > .wg-on": { bgcolor: `${tone}.main` },
          "& > .wg-day": {
            gridRow: { xs: 1, sm: "var(--day)" },
            gridColumn: { xs: "var(--day)", sm: 1 },
            textAlign: { xs: "center", sm: "left" },
            fontSize: "0.72rem",
            lineHeight: { xs: 1.6, sm: 1 },
            color: "text.secondary",
          },
          "& > .wg-day-on": { color: "text.primary", fontWeight: 600 },
          "& > .wg-tick": {
            gridRow: { xs: "var(--hour) / span 6", sm: 1 },
            gridColumn: { xs: 1, sm: "var(--hour) / span 6" },
            alignSelf: { xs: "start", sm: "center" },
            fontSize: "0.68rem",
            color: "text.secondary",
            lineHeight: { xs: 1, sm: 1.6 },
            fontVariantNumeric: "tabular-nums",
          },
        }}
      >
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
      </Box>
    </Box>
  );
}
