import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { DAY_NAMES, DAYS, hourLabel, HOURS } from "@/lib/schedules/rules";
import { daysText, hoursText, monthsText, powerText, type PlanPart } from "./schedule-text";

export type GridTone = "primary" | "secondary";

const TICKS = [0, 6, 12, 18];
/** Day labels, then four blocks of six hours with a narrow gap between blocks (easier to read the time). */
const COLUMNS = "2.1rem repeat(6, minmax(0, 1fr)) 2px repeat(6, minmax(0, 1fr)) 2px repeat(6, minmax(0, 1fr)) 2px repeat(6, minmax(0, 1fr))";
const hourColumn = (h: number) => 2 + h + Math.floor(h / 6);

/**
 * A week at a glance: 7 days by 24 hours, shaded where the resource runs, under a caption with its
 * months, power, days and hours. Narrow enough for a 375 px phone (the cells shrink, nothing
 * scrolls); screen readers get the same in words.
 */
export function WeekGrid({ part, tone = "primary", dense = false }: { part: PlanPart; tone?: GridTone; dense?: boolean }) {
  const { label, months, days, hours, average_power } = part;
  const words = `${label ? `${label}: ` : ""}${monthsText(months)}, ${daysText(days)}, ${hoursText(hours)}, at ${powerText(average_power)}`;
  const cell = dense ? { xs: 10, sm: 12 } : { xs: 12, sm: 16 };
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Box component="figcaption" aria-hidden sx={{ mb: 0.75 }}>
        <Typography variant="body2" sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, alignItems: "baseline" }}>
          {label && (
            <Box component="span" sx={{ fontWeight: 700, color: `${tone}.dark` }}>
              {label}
            </Box>
          )}
          <Box component="span" sx={{ fontWeight: 600 }}>
            {monthsText(months)}
          </Box>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {powerText(average_power)}
          </Box>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {daysText(days)} · {hoursText(hours)}
        </Typography>
      </Box>
      <Box role="img" aria-label={words} sx={{ display: "grid", gridTemplateColumns: COLUMNS, columnGap: "2px", rowGap: "2px", alignItems: "center" }}>
        {TICKS.map((h) => (
          <Box
            key={h}
            aria-hidden
            sx={{ gridRow: 1, gridColumn: `${hourColumn(h)} / span 6`, fontSize: "0.68rem", color: "text.secondary", lineHeight: 1.6, fontVariantNumeric: "tabular-nums" }}
          >
            {hourLabel(h)}
          </Box>
        ))}
        {DAYS.map((d) => {
          const dayOn = days.includes(d);
          return [
            <Box
              key={`l${d}`}
              aria-hidden
              sx={{ gridRow: d + 2, gridColumn: 1, fontSize: "0.72rem", lineHeight: 1, color: dayOn ? "text.primary" : "text.disabled", fontWeight: dayOn ? 600 : 400 }}
            >
              {DAY_NAMES[d].slice(0, 3)}
            </Box>,
            ...HOURS.map((h) => (
              <Box
                key={`${d}-${h}`}
                aria-hidden
                sx={{ gridRow: d + 2, gridColumn: hourColumn(h), height: cell, borderRadius: "2px", bgcolor: dayOn && hours.includes(h) ? `${tone}.main` : "action.hover" }}
              />
            )),
          ];
        })}
      </Box>
    </Box>
  );
}
