"use client";
// Home's compact My Energy summary: yesterday, this month so far, and how that month compares.
import Box from "@mui/material/Box";
import { Placeholder } from "@/components/ui/placeholder";
import { Text } from "@/components/ui/text";
import ArrowForward from "@mui/icons-material/ArrowForward";
import { LinkCard } from "@/components/ui/link-card";
import { useLocale, useTranslations } from "use-intl";
import { useEnergySummary, type EnergySummary } from "@/lib/swr/use-energy";
import { changeText, eurText, kwhText, rangeText, addDays, SAME } from "./format";

const HEIGHT = 132;

/** Nothing at all when the household has no meter or the summary cannot be had: Home stays quiet. */
export function EnergySummaryCard() {
  const t = useTranslations("energy");
  const { data, error, isLoading } = useEnergySummary();
  if (isLoading && !data) return <Placeholder height={HEIGHT} label={t("loading.summary")} marginBottom={16} />;
  if (error || !data?.meters.length) return null;
  return (
    <Box sx={{ display: "grid", gap: 1.5, mb: 2 }}>
      {data.meters.map((m) => (
        <SummaryCard key={m.id} meter={m} several={data.meters.length > 1} />
      ))}
    </Box>
  );
}

function Figure({ label, value, sub }: { label: string; value: string; sub?: string | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Text variant="body2" color="textSecondary">
        {label}
      </Text>
      <Text sx={{ fontSize: "1.35rem", fontWeight: 600, lineHeight: 1.25, fontVariantNumeric: "tabular-nums" }}>{value}</Text>
      {sub && (
        <Text variant="body2" color="textSecondary">
          {sub}
        </Text>
      )}
    </Box>
  );
}

function SummaryCard({ meter, several }: { meter: EnergySummary["meters"][number]; several: boolean }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const month = meter.month;
  const vsMonth = changeText(month.kwh, meter.last_month.kwh, locale);
  const vsYear = changeText(month.kwh, meter.last_year.kwh, locale);
  const compare = [
    vsMonth && (vsMonth === SAME ? t("summary.sameLastMonth") : t("summary.vsLastMonth", { change: vsMonth })),
    vsYear && (vsYear === SAME ? t("summary.sameLastYear") : t("summary.vsLastYear", { change: vsYear })),
  ]
    .filter(Boolean)
    .join(" · ");
  const monthDays = month.to > month.from ? rangeText(month.from, addDays(month.to, -1), false, locale) : null;
  const id = meter.usage_point_id;
  return (
    <LinkCard href={several ? `/dashboards?meter=${meter.id}` : "/dashboards"} label={several ? t("summary.openMeter", { id }) : t("summary.open")} sx={{ p: { xs: 2, sm: 2.5 }, minHeight: HEIGHT }}>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1.25 }}>
          <Text component="h3" sx={{ fontWeight: 600 }}>
            {several ? t("summary.titleMeter", { id }) : t("summary.title")}
          </Text>
          <Box aria-hidden sx={{ ml: "auto", display: "flex", alignItems: "center", gap: 0.5, color: "primary.main", fontWeight: 600, fontSize: 14 }}>
            {t("summary.seeCharts")} <ArrowForward sx={{ fontSize: 16 }} />
          </Box>
        </Box>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "1fr 1fr 1.4fr" }, gap: 2 }}>
          <Figure label={t("summary.yesterday")} value={kwhText(meter.yesterday.kwh, true, locale)} sub={meter.yesterday.eur !== null ? eurText(meter.yesterday.eur, false, locale) : null} />
          <Figure label={monthDays ? t("summary.thisMonthDays", { days: monthDays }) : t("summary.thisMonth")} value={kwhText(month.kwh, true, locale)} sub={month.eur !== null ? eurText(month.eur, false, locale) : null} />
          <Box sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, alignSelf: "center" }}>
            <Text variant="body2" color={compare ? "textPrimary" : "textSecondary"} sx={{ fontWeight: compare ? 500 : 400 }}>
              {compare || t("summary.nothingToCompare")}
            </Text>
          </Box>
        </Box>
    </LinkCard>
  );
}
