"use client";
// Home's compact My Energy summary: yesterday, this month so far, and how that month compares.
import { Placeholder } from "@/components/ui/placeholder";
import { Text } from "@/components/ui/text";
import { CardTitleLink, LinkCardHint, TitledLinkCard } from "@/components/ui/link-card";
import { useLocale, useTranslations } from "use-intl";
import { useEnergySummary, type EnergySummary } from "@/lib/swr/use-energy";
import { changeText, eurText, kgText, kwhText, rangeText, addDays, SAME } from "./format";
import s from "./energy-summary-card.module.css";

const HEIGHT = 132;

/** Nothing at all when the household has no meter or the summary cannot be had: Home stays quiet. */
export function EnergySummaryCard() {
  const t = useTranslations("energy");
  const { data, error, isLoading } = useEnergySummary();
  if (isLoading && !data) return <Placeholder height={HEIGHT} label={t("loading.summary")} marginBottom={16} />;
  if (error || !data?.meters.length) return null;
  return (
    <div className={s.cards}>
      {data.meters.map((m) => (
        <SummaryCard key={m.id} meter={m} several={data.meters.length > 1} />
      ))}
    </div>
  );
}

function Figure({ label, value, sub }: { label: string; value: string; sub?: string | null }) {
  return (
    <div className={s.figure}>
      <Text variant="body2" color="textSecondary">
        {label}
      </Text>
      <Text className={s.value}>{value}</Text>
      {sub && (
        <Text variant="body2" color="textSecondary">
          {sub}
        </Text>
      )}
    </div>
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
  // € and kg CO₂ under each figure; "(estimated)" when the grid's intensity is an estimate for these days
  const co2 = (kg: number | null) => (kg === null || !meter.carbon ? null : meter.carbon.estimated ? t("summary.co2Estimated", { kg: kgText(kg, locale) }) : kgText(kg, locale));
  const sub = (eur: number | null, kg: number | null) => [eur !== null ? eurText(eur, false, locale) : null, co2(kg)].filter(Boolean).join(" · ") || null;
  return (
    <TitledLinkCard className={s.card}>
      <div className={s.head}>
        <Text component="h3" className={s.title}>
          <CardTitleLink href={several ? `/dashboards?meter=${meter.id}` : "/dashboards"}>{several ? t("summary.titleMeter", { id }) : t("summary.title")}</CardTitleLink>
        </Text>
        <LinkCardHint className={s.open}>{t("summary.seeCharts")}</LinkCardHint>
      </div>
      <div className={s.figures}>
        <Figure label={t("summary.yesterday")} value={kwhText(meter.yesterday.kwh, true, locale)} sub={sub(meter.yesterday.eur, meter.yesterday.co2_kg)} />
        <Figure label={monthDays ? t("summary.thisMonthDays", { days: monthDays }) : t("summary.thisMonth")} value={kwhText(month.kwh, true, locale)} sub={sub(month.eur, month.co2_kg)} />
        <div className={s.compare}>
          <Text variant="body2" color={compare ? "textPrimary" : "textSecondary"} className={compare ? s.changed : undefined}>
            {compare || t("summary.nothingToCompare")}
          </Text>
          {meter.carbon && (
            <Text variant="caption" color="textSecondary" className={s.credit}>
              {t("summary.credit", { provider: meter.carbon.provider, licence: meter.carbon.licence })}
            </Text>
          )}
          {meter.carbon?.fetched && (
            <Text variant="caption" color="textSecondary" className={s.credit}>
              {t("summary.credit", { provider: meter.carbon.fetched.provider, licence: meter.carbon.fetched.licence })}
            </Text>
          )}
        </div>
      </div>
    </TitledLinkCard>
  );
}
