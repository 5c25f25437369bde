"use client";
import { useId, useMemo, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { useLocale, useTranslations } from "use-intl";
import { kwhText } from "@/components/energy/format";
import type { LinkyKind, MeterReading } from "@/lib/swr/use-integrations";
import { dayParts, intervalMinutes, readingsByDay, readingSpan, type ReadingDay } from "./vendor-text";

/** 'PT30M' → '30 min'; anything else as the vendor wrote it. */
function interval(v: string | null | undefined) {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(v ?? "");
  if (!m || (!m[1] && !m[2])) return v ?? "";
  return [m[1] && `${m[1]} h`, m[2] && `${m[2]} min`].filter(Boolean).join(" ");
}

/**
 * The Type column's codes said in words (integrations.reading.types): Enedis marks each load-curve
 * point's nature, "B" for a gross (brut) value as the meter measured it. Other codes show as they came.
 */
const KNOWN_TYPES = ["B"] as const;

/** kWh with the digits that matter (0.42, 8.31, 42.1, 1,234), in the reader's language (0,42 kWh in French). */
function useKwh() {
  const locale = useLocale();
  return (v: number) => kwhText(v, true, locale);
}

/**
 * A Linky sample: its facts, each day's energy (kWh, from the 30-minute average powers), then
 * one day's readings at a time with Previous / Next day (no scroll box of its own: the page
 * scrolls). LinkySampler loads it with the first sample.
 */
export function ReadingView({ reading, kind }: { reading: MeterReading; kind: LinkyKind }) {
  const days = useMemo(() => readingsByDay(reading.interval_reading ?? []), [reading]);
  const [index, setIndex] = useState(0);
  const summaryId = useId();
  const t = useTranslations("integrations.reading");
  const locale = useLocale();
  const kwh = useKwh();
  const title = kind === "consumption" ? t("consumption") : t("production");
  const quality = reading.quality === "BRUT" ? t("qualityBrut") : reading.quality === "BEST" ? t("qualityBest") : reading.quality;
  const shown = days[Math.min(index, days.length - 1)];
  const max = Math.max(...days.map((d) => d.kwh), 0);
  const total = days.reduce((a, d) => a + d.kwh, 0);
  const facts: [string, React.ReactNode][] = [
    [t("usagePoint"), reading.usage_point_id],
    [t("quality"), quality || "—"],
    [t("start"), reading.start],
    [t("end"), reading.end],
  ];

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Text variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 700 }}>
        {title}
      </Text>
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, auto)" }, justifyContent: "start", gap: { xs: 1.5, sm: 4 }, "& > div:nth-of-type(-n+2)": { gridColumn: { xs: "1 / -1", sm: "auto" } }, "& dt": { fontSize: 12, color: "text.secondary", textTransform: "uppercase", letterSpacing: "0.06em" }, "& dd": { m: 0, fontWeight: 600, overflowWrap: "anywhere" } }}
      >
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </Box>
      {!shown ? (
        <Text color="textSecondary">{t("noValues")}</Text>
      ) : (
        <>
          <Box component="section" aria-labelledby={summaryId} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
            <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
              <Text id={summaryId} variant="h4" sx={{ fontSize: "1rem", fontWeight: 700 }}>
                {kind === "consumption" ? t("consumptionPerDay") : t("productionPerDay")}
              </Text>
              <Text variant="body2" color="textSecondary">
                {t("summary", { total: kwh(total), count: days.length })}
              </Text>
            </Box>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "grid", gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(auto-fill, minmax(148px, 1fr))" }, gap: 1, "& > li": { display: "flex" } }}>
              {days.map((d, i) => {
                const { weekday, date } = dayParts(d.day, locale);
                return (
                  <li key={d.day}>
                    <Box
                      component="button"
                      type="button"
                      aria-pressed={d === shown}
                      onClick={() => setIndex(i)}
                      sx={{
                        width: "100%",
                        height: "100%",
                        p: 1.25,
                        display: "flex",
                        flexDirection: "column",
                        gap: 0.25,
                        textAlign: "left",
                        font: "inherit",
                        color: "text.primary",
                        bgcolor: d === shown ? "action.selected" : "transparent",
                        border: 1,
                        borderColor: d === shown ? "primary.main" : "divider",
                        borderRadius: 2,
                        cursor: "pointer",
                        "&:hover": { borderColor: "primary.main" },
                        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
                      }}
                    >
                      <Box component="span" sx={{ fontSize: 13, color: "text.secondary" }}>
                        {weekday} {date}
                      </Box>{" "}
                      <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>
                        {kwh(d.kwh)}
                      </Box>
                      <Box component="span" aria-hidden sx={{ height: 4, borderRadius: 2, bgcolor: "action.hover", overflow: "hidden" }}>
                        <Box component="span" sx={{ display: "block", height: "100%", width: `${max > 0 ? (d.kwh / max) * 100 : 0}%`, bgcolor: "primary.main" }} />
                      </Box>
                    </Box>
                  </li>
                );
              })}
            </Box>
          </Box>
          <DayReadings key={shown.day} kind={kind} day={shown} position={days.indexOf(shown)} count={days.length} onDay={setIndex} />
        </>
      )}
    </Box>
  );
}

function DayReadings({
  kind,
  day,
  position,
  count,
  onDay,
}: {
  kind: LinkyKind;
  day: ReadingDay<MeterReading["interval_reading"][number]>;
  position: number;
  count: number;
  onDay: (i: number) => void;
}) {
  const t = useTranslations("integrations.reading");
  const locale = useLocale();
  const kwh = useKwh();
  const { weekday, date } = dayParts(day.day, locale);
  const legendId = useId();
  // the codes of the Type column that can be said in words (the cells keep the code as it came)
  const explained = KNOWN_TYPES.filter((code) => day.readings.some((r) => r.measure_type === code));
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Button size="small" variant="outlined" startIcon={<ChevronLeft />} disabled={position === 0} onClick={() => onDay(position - 1)}>
          {t("previousDay")}
        </Button>
        <Box role="status" sx={{ flex: "1 1 auto", textAlign: "center", fontWeight: 600, order: { xs: -1, sm: 0 }, flexBasis: { xs: "100%", sm: "auto" } }}>
          {t("dayTotal", { day: weekday ? `${weekday} ${date}` : date, kwh: kwh(day.kwh) })}
          <Box component="span" sx={{ color: "text.secondary", fontWeight: 400, whiteSpace: "nowrap" }}>{` ${t("dayPosition", { position: position + 1, count })}`}</Box>
        </Box>
        <Button size="small" variant="outlined" endIcon={<ChevronRight />} disabled={position === count - 1} onClick={() => onDay(position + 1)} sx={{ ml: { xs: "auto", sm: 0 } }}>
          {t("nextDay")}
        </Button>
      </Box>
      {explained.length > 0 && (
        <Text id={legendId} variant="body2" color="textSecondary">
          {explained.map((code) => t(`types.${code}`)).join(" ")}
        </Text>
      )}
      <Box
        component="table"
        aria-label={kind === "consumption" ? t("consumptionReadings") : t("productionReadings")}
        aria-describedby={explained.length ? legendId : undefined}
        sx={{
          width: "100%",
          borderCollapse: "collapse",
          fontSize: { xs: 13, sm: 14 },
          border: 1,
          borderColor: "divider",
          "& th, & td": { px: { xs: 0.75, sm: 2 }, py: 0.75, borderBottom: 1, borderColor: "divider", textAlign: "left", whiteSpace: "nowrap" },
          "& th": { fontWeight: 700, whiteSpace: "nowrap" },
          "& tbody tr:last-of-type td": { borderBottom: 0 },
          "& .num": { textAlign: "right", fontVariantNumeric: "tabular-nums" },
        }}
      >
        <thead>
          <tr>
            <th scope="col">{t("date")}</th>
            <th scope="col" className="num">
              {t("value")}
            </th>
            <th scope="col">{t("interval")}</th>
            <th scope="col">{t("type")}</th>
          </tr>
        </thead>
        <tbody>
          {day.readings.map((r, i) => {
            const { from, to } = readingSpan(r.date, intervalMinutes(r.interval_length));
            return (
              <tr key={`${r.date}-${i}`}>
                <td title={r.date}>{from ? `${from}–${to}` : to}</td>
                <td className="num">{r.value}</td>
                <td>{interval(r.interval_length)}</td>
                <td>{r.measure_type ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}
