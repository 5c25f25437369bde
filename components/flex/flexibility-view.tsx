"use client";
// /flexibility: the community's events as the household sees them (docs/flexibility.md): how
// predictable its use is and its "take part automatically" setting, the events to come (its
// baseline, what 1 kWh earns, its choice), its offers from its week-ahead schedules, then the past
// events with what it delivered, on a chart.
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { Text } from "@/components/ui/text";
import { PageHeader } from "@/components/ui/page-header";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { pctText } from "@/components/energy/format";
import { saveAutoOptIn, useFlexSettings, useOpenEvents, usePastEvents, type FlexSettingsView, type HouseholdEventView } from "@/lib/swr/use-flex";
import type { Locale } from "@/lib/shared/locale.mjs";
import { EventCard } from "./event-card";
import { OffersSection } from "./offers-section";
import { ResultChart } from "./result-chart";
import s from "./flex.module.css";

export function FlexibilityView({ focus }: { focus: number | null }) {
  const t = useTranslations("flex");
  const open = useOpenEvents();
  const past = usePastEvents();
  // the e-mail's link names an event: shown once the lists are in
  useEffect(() => {
    if (focus !== null && (open.data || past.data)) document.getElementById(`flex-event-${focus}`)?.scrollIntoView({ block: "center" });
  }, [focus, open.data, past.data]);
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <Standing />
      <EventList title={t("upcoming")} empty={t("noneOpen")} list={open} />
      <OffersSection />
      <EventList title={t("past")} empty={t("empty")} list={past} chart />
    </>
  );
}

function EventList({ title, empty, list, chart = false }: { title: string; empty: string; list: ReturnType<typeof useOpenEvents>; chart?: boolean }) {
  const t = useTranslations("flex");
  const id = chart ? "flex-past" : "flex-open";
  return (
    <section aria-labelledby={id} className={s.section} aria-busy={list.isLoading}>
      <div className={s.sectionHead}>
        <Text id={id} variant="h2" className={s.sectionTitle}>
          {title}
        </Text>
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} what={title} onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <Placeholder height={160} radius={24} label={t("loading")} />
      ) : !list.data.length ? (
        <Text color="textSecondary">{empty}</Text>
      ) : (
        <ul className={s.list}>
          {list.data.map((e: HouseholdEventView) => (
            <li key={e.id}>
              <EventCard event={e} headingLevel="h3">
                {chart && <ResultChart event={e} />}
              </EventCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How predictable the household's use is, and its automatic setting. */
function Standing() {
  const t = useTranslations("flex");
  const locale = useLocale() as Locale;
  const { data, error, mutate } = useFlexSettings();
  return (
    <section aria-labelledby="flex-standing" className={s.section}>
      <div className={s.card}>
        <Text id="flex-standing" component="h2" className={s.cardTitle}>
          {t("predictability.title")}
        </Text>
        {error && !data ? <ErrorState error={error} what={t("predictability.title")} onRetry={() => void mutate()} /> : !data ? <Placeholder height={80} radius={16} label={t("loading")} /> : <Predictability settings={data} locale={locale} />}
        {data && <AutoSwitch settings={data} onChange={(next) => void mutate(next, { revalidate: false })} />}
      </div>
    </section>
  );
}

function Predictability({ settings, locale }: { settings: FlexSettingsView; locale: Locale }) {
  const t = useTranslations("flex.predictability");
  const a = settings.accuracy;
  if (settings.meter_id === null) return <Text>{t("noMeter")}</Text>;
  if (!a || a.predictability === "unknown") return <Text>{t("unknown", { working: 10, nonWorking: 4 })}</Text>;
  const verdict = a.predictability as "good" | "fair" | "poor";
  return (
    <>
      <Text>{t(verdict, { mae: pctText(a.normalised_mae, locale) })}</Text>
      <Text variant="body2" color="textSecondary">
        {t("details", { bias: pctText(a.bias, locale), rmse: pctText(a.relative_rmse, locale), mae: pctText(a.normalised_mae, locale), days: a.testable_days })}
      </Text>
    </>
  );
}

/** The setting, switched at once (and back if the server refuses). */
function AutoSwitch({ settings, onChange }: { settings: FlexSettingsView; onChange: (next: FlexSettingsView) => void }) {
  const t = useTranslations("flex.auto");
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    onChange({ ...settings, auto_opt_in: next });
    try {
      await saveAutoOptIn(next);
      toast.success(t(next ? "on" : "off"));
    } catch (err) {
      onChange(settings);
      toast.error(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <FormControlLabel control={<Switch checked={settings.auto_opt_in} disabled={busy} onChange={(e) => void change(e.target.checked)} />} label={t("label")} />
      <Text variant="body2" color="textSecondary">
        {t("hint")}
      </Text>
    </div>
  );
}
