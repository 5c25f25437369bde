import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { DAY_NAMES, DAYS, hourLabel, HOURS } from "@/lib/validation/schedule";
import { daysText, hoursText, monthsText, powerText, type PlanPart } from "./schedule-text";

export type GridTone = "primary" | "secondary";

const TICKS = [0, 6, 12, 18];

/**
 * A week at a glance: 7 days by 24 hours, shaded where the resource runs, under a caption with its
 * months and power. Narrow enough for a 375 px phone (the cells shrink, nothing scrolls); screen
 * readers get the same in words.
 */
export function WeekGrid({ part, tone = "primary", dense = false }: { part: PlanPart; tone?: GridTone; dense?: boolean }) {
  const { label, months, days, hours, average_power } = part;
  const words = `${label ? `${label}: ` : ""}${monthsText(months)}, ${daysText(days)}, ${hoursText(hours)}, at ${powerText(average_power)}`;
  const cell = dense ? { xs: 10, sm: 12 } : { xs: 12, sm: 16 };
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="body2" sx={{ mb: 0.75, display: "flex", flexWrap: "wrap", columnGap: 1, alignItems: "baseline" }}>
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
      <Box
        role="img"
        aria-label={words}
        sx={{
          display: "grid",
          gridTemplateColumns: "2.1rem repeat(24, minmax(0, 1fr))",
          columnGap: "2px",
          rowGap: "2px",
          alignItems: "center",
        }}
      >
        <Box aria-hidden />
        {TICKS.map((h) => (
          <Box key={h} aria-hidden sx={{ gridColumn: `span 6`, fontSize: "0.68rem", color: "text.secondary", lineHeight: 1.6, fontVariantNumeric: "tabular-nums" }}>
            {hourLabel(h)}
          </Box>
        ))}
        {DAYS.map((d) => {
          const dayOn = days.includes(d);
          return [
            <Box key={`l${d}`} aria-hidden sx={{ fontSize: "0.72rem", lineHeight: 1, color: dayOn ? "text.primary" : "text.disabled", fontWeight: dayOn ? 600 : 400 }}>
              {DAY_NAMES[d].slice(0, 3)}
            </Box>,
            ...HOURS.map((h) => {
              const on = dayOn && hours.includes(h);
              return (
                <Box
                  key={`${d}-${h}`}
                  aria-hidden
                  sx={{
                    height: cell,
                    borderRadius: "2px",
                    bgcolor: on ? `${tone}.main` : "action.hover",
                    // a faint line every 6 hours helps reading the time
                    boxShadow: h % 6 === 0 && h > 0 ? (t) => `inset 1px 0 0 ${t.palette.divider}` : undefined,
                  }}
                />
              );
            }),
          ];
        })}
      </Box>
    </Box>
  );
}
