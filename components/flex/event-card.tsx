"use client";
// One community event as a household sees it (docs/flexibility.md): when, what it asks, what it
// pays; before it, the household's usual use of the window (its baseline) and what 1 kWh earns,
// with its choice; after it, what it delivered. Home's card and the /flexibility page both show
// it (plain CSS: Home loads no MUI for it). `children`: what the page adds (the result's chart).
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { PlainButton } from "@/components/ui/plain-button";
import { Text } from "@/components/ui/text";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { eurText, kwhText } from "@/components/energy/format";
import { eventDayText } from "@/lib/flex/day-text";
import { chooseEvent, type HouseholdEventView } from "@/lib/swr/use-flex";
import type { Locale } from "@/lib/shared/locale.mjs";
import s from "./flex.module.css";

/** "Tuesday 24 November 2026, 18:00 – 20:00" (Paris time, as the event is planned). */
function windowLabel(e: Pick<HouseholdEventView, "day" | "from" | "to">, locale: Locale, t: (key: "when", v: Record<string, string>) => string): string {
  const day = eventDayText(e.day, locale);
  return t("when", { day: day.charAt(0).toUpperCase() + day.slice(1), from: e.from, to: e.to });
}

export function EventCard({ event, headingLevel = "h3", children }: { event: HouseholdEventView; headingLevel?: "h2" | "h3"; children?: React.ReactNode }) {
  const t = useTranslations("flex");
  const locale = useLocale() as Locale;
  const open = event.status === "upcoming" || event.status === "running";
  const result = event.mine.result;
  const titleId = `flex-event-${event.id}`;
  return (
    <article className={s.card} aria-labelledby={titleId}>
      <div className={s.head}>
        <Text id={titleId} component={headingLevel} className={s.title}>
          {event.title}
        </Text>
        <span className={`${s.badge} ${s[event.direction]}`}>{t(`direction.${event.direction}`)}</span>
        <span className={s.badge}>{t(`status.${event.status}`)}</span>
      </div>
      <Text className={s.when}>
        {windowLabel(event, locale, t)} · {t("reward", { reward: eurText(event.reward_per_kwh, false, locale) })}
      </Text>
      <Text className={s.message}>{event.message}</Text>
      {open && (
        <>
          <Text variant="body2" color="textSecondary">
            {t(`directionHint.${event.direction}`)}
          </Text>
          <BaselineBox event={event} locale={locale} />
          <Choice event={event} />
        </>
      )}
      {event.status === "ended" && !result && (
        <Text variant="body2" color="textSecondary">
          {event.mine.choice?.opted_in ? t("result.waiting") : t("notTakingPart")}
        </Text>
      )}
      {result && <ResultBox result={result} locale={locale} />}
      {!open && !result && event.status === "settled" && (
        <Text variant="body2" color="textSecondary">
          {t("notTakingPart")}
        </Text>
      )}
      {children}
    </article>
  );
}

function BaselineBox({ event, locale }: { event: HouseholdEventView; locale: Locale }) {
  const t = useTranslations("flex.baseline");
  const b = event.mine.baseline;
  if (!b) return null;
  return (
    <div className={s.box}>
      <Text className={s.boxTitle}>{t("title")}</Text>
      {b.status === "ok" ? (
        <>
          <Text>{t("ok", { kwh: kwhText((b.total_wh ?? 0) / 1000, true, locale), days: b.days.length })}</Text>
          <Text>{t("earn", { verb: event.direction, reward: eurText(event.reward_per_kwh, false, locale) })}</Text>
        </>
      ) : b.status === "insufficient" ? (
        <Text>{t("insufficient", { found: b.days.length, needed: b.needed ?? 0 })}</Text>
      ) : (
        <Text>{t("noMeter")}</Text>
      )}
    </div>
  );
}

function Choice({ event }: { event: HouseholdEventView }) {
  const t = useTranslations("flex");
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const c = event.mine.choice;
  const taking = Boolean(c?.opted_in);
  if (event.status === "running") {
    return (
      <div className={s.choice}>
        <Text className={s.state}>{taking ? t(c?.auto ? "youTakePartAuto" : "youTakePart") : t("notTakingPart")}</Text>
        <Text variant="body2" color="textSecondary">
          {t("choicesClosed")}
        </Text>
      </div>
    );
  }
  if (event.mine.baseline?.status === "no_meter") return null;
  const change = async () => {
    setBusy(true);
    setError(null);
    try {
      await chooseEvent(event.id, !taking);
      toast.success(t(taking ? "left" : "joined", { title: event.title }));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={s.choice}>
      <Text className={s.state}>{taking ? t(c?.auto ? "youTakePartAuto" : "youTakePart") : t("notTakingPart")}</Text>
      <PlainButton variant={taking ? "outlined" : "contained"} size="small" onClick={() => void change()} disabled={busy} aria-describedby={`flex-event-${event.id}`}>
        {taking ? t("withdraw") : t("takePart")}
      </PlainButton>
      {error && (
        <Text role="alert" color="error" variant="body2">
          {error}
        </Text>
      )}
    </div>
  );
}

function ResultBox({ result, locale }: { result: NonNullable<HouseholdEventView["mine"]["result"]>; locale: Locale }) {
  const t = useTranslations("flex.result");
  const kwh = kwhText(result.delivered_wh / 1000, true, locale);
  return (
    <div className={s.box}>
      <Text className={s.boxTitle}>{t("title")}</Text>
      <Text>
        {result.status === "settled"
          ? result.delivered_wh > 0
            ? t("settled", { kwh, reward: eurText(result.reward_eur, false, locale) })
            : t("settledNone", { kwh })
          : result.status === "insufficient"
            ? t("insufficient")
            : t("noData")}
      </Text>
      {result.status !== "no_data" && (
        <Text variant="body2" color="textSecondary">
          {t(`source.${result.source}`)}
        </Text>
      )}
    </div>
  );
}
