"use client";
// /flexibility's offers (docs/flexibility.md, "Offers"): what Foyer prepared for the coming week
// from the household's week-ahead schedules, each schedule's source or why it gave nothing, the
// offers by day with their status, sending them one by one or all (or each week by the setting),
// and the week under way with what the offers delivered.
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { Text } from "@/components/ui/text";
import { PlainButton, PlainLinkButton } from "@/components/ui/plain-button";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { parisDayTimeText } from "@/components/ui/dates";
import { eurText, kwhText, wattsText } from "@/components/energy/format";
import { eventDayText } from "@/lib/flex/day-text";
import { addDays, parisDayOf } from "@/lib/time/paris";
import { saveAutoSend, sendOffers, useOffers, type HouseholdOffersView, type OfferView } from "@/lib/swr/use-flex";
import type { Locale } from "@/lib/shared/locale.mjs";
import s from "./flex.module.css";

const capital = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);

/** The Monday of the week `now` is in (Paris). */
function thisWeek(now = Date.now()): string {
  const today = parisDayOf(now);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, -weekday);
}

export function OffersSection() {
  const t = useTranslations("flex.offers");
  const locale = useLocale() as Locale;
  // null: the coming week (its drafts prepared on each read); else the week under way
  const [week, setWeek] = useState<string | null>(null);
  const offers = useOffers(week);
  const data = offers.data;
  return (
    <section aria-labelledby="flex-offers" className={s.section} aria-busy={offers.isLoading}>
      <div className={s.sectionHead}>
        <Text id="flex-offers" variant="h2" className={s.sectionTitle}>
          {t("title")}
        </Text>
        <ToggleButtonGroup size="small" exclusive value={week === null ? "coming" : "current"} onChange={(_, v: string | null) => v && setWeek(v === "coming" ? null : thisWeek())} aria-label={t("weekChoice")}>
          <ToggleButton value="coming">{t("comingWeek")}</ToggleButton>
          <ToggleButton value="current">{t("currentWeek")}</ToggleButton>
        </ToggleButtonGroup>
      </div>
      <Text color="textSecondary" className={s.intro}>
        {t("intro")}
      </Text>
      {offers.error && !data ? (
        <ErrorState error={offers.error} what={t("title")} onRetry={() => void offers.mutate()} />
      ) : !data ? (
        <Placeholder height={160} radius={24} label={t("loading")} />
      ) : (
        <WeekOffers view={data} locale={locale} />
      )}
    </section>
  );
}

function WeekOffers({ view, locale }: { view: HouseholdOffersView; locale: Locale }) {
  const t = useTranslations("flex.offers");
  // the clock when the page was drawn: a draft whose expiry passed since is refused by the server in words
  const [now] = useState(() => Date.now());
  const drafts = view.offers.filter((o) => o.status === "draft" && Date.parse(o.expires_at) > now);
  const days = [...new Set(view.offers.map((o) => o.day))];
  const prices = view.prices;
  return (
    <div className={s.card}>
      <Text component="h3" className={s.cardTitle}>
        {t("weekOf", { day: eventDayText(view.week, locale) })}
      </Text>
      {view.coming && <AutoSend view={view} />}
      {view.coming && view.schedules.length > 0 && (
        <ul className={s.notes} aria-label={t("schedulesLabel")}>
          {view.schedules.map((n) => (
            <li key={n.schedule_id}>
              <Text variant="body2">
                <strong>{n.der_name}</strong> · {noteText(n, t)}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {view.coming && !view.schedules.length && (
        <div className={s.box}>
          <Text>{t("noSchedule")}</Text>
          <div>
            <PlainLinkButton href="/schedules" variant="outlined" size="small">
              {t("writeSchedule")}
            </PlainLinkButton>
          </div>
        </div>
      )}
      {prices.availability_eur_per_mw_h !== null || prices.utilisation_eur_per_mwh !== null ? (
        <Text variant="body2" color="textSecondary">
          {t("prices", { availability: eurText((prices.availability_eur_per_mw_h ?? 0) / 1000, false, locale), utilisation: eurText((prices.utilisation_eur_per_mwh ?? 0) / 1000, false, locale) })}
        </Text>
      ) : (
        <Text variant="body2" color="textSecondary">
          {t("noPrices")}
        </Text>
      )}
      {!view.offers.length ? (
        view.schedules.length > 0 || !view.coming ? <Text>{view.coming ? t("noneComing") : t("noneCurrent")}</Text> : null
      ) : (
        <>
          {drafts.length > 0 && <SendAll count={drafts.length} />}
          {days.map((day) => (
            <div key={day} className={s.offerDay}>
              <Text component="h4" className={s.boxTitle}>
                {capital(eventDayText(day, locale))}
              </Text>
              <ul className={s.offerList}>
                {view.offers
                  .filter((o) => o.day === day)
                  .map((o) => (
                    <OfferRow key={o.id} offer={o} locale={locale} now={now} />
                  ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslations<"flex.offers">>;

function noteText(n: HouseholdOffersView["schedules"][number], t: T): string {
  const source = n.resource ? (n.resource.kind === "measurement" ? t("source.measurement", { name: n.resource.name ?? "" }) : t("source.meter")) : "";
  switch (n.problem) {
    case "no_resource":
      return t("problem.no_resource");
    case "not_this_week":
      return t("problem.not_this_week");
    case "insufficient":
      return `${t("problem.insufficient", { found: n.days ?? 0, needed: n.needed ?? 0 })} (${source})`;
    case "nothing_to_offer":
      return `${t("problem.nothing_to_offer")} (${source})`;
    case "too_late":
      return t("problem.too_late");
    default:
      return `${t("offerCount", { count: n.offers })} (${source})`;
  }
}

function OfferRow({ offer, locale, now }: { offer: OfferView; locale: Locale; now: number }) {
  const t = useTranslations("flex.offers");
  const tf = useTranslations("flex");
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sendable = offer.status === "draft" && Date.parse(offer.expires_at) > now;
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendOffers([offer.id]);
      toast.success(t("sentOne"));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  const labelId = `flex-offer-${offer.id}`;
  return (
    <li className={s.offer} aria-labelledby={labelId}>
      <div className={s.head}>
        <Text id={labelId} className={s.when}>
          {offer.from} – {offer.to} · {offer.resource}
        </Text>
        <span className={`${s.badge} ${s[offer.direction]}`}>{tf(`direction.${offer.direction}`)}</span>
        <span className={s.badge}>{t(`status.${offer.status}`)}</span>
      </div>
      <Text variant="body2">{t(offer.direction === "down" ? "amountDown" : "amountUp", { power: wattsText(offer.max_power_w, locale), kwh: kwhText(offer.energy_wh / 1000, true, locale) })}</Text>
      {offer.status === "settled" ? (
        <Text variant="body2">
          {offer.delivered_wh === null ? t("settledNoData") : t("settled", { kwh: kwhText(offer.delivered_wh / 1000, true, locale), reward: eurText(offer.reward_eur ?? 0, false, locale) })}
        </Text>
      ) : sendable ? (
        <div className={s.choice}>
          <Text variant="body2" color="textSecondary">
            {t("sendBy", { when: parisDayTimeText(new Date(offer.expires_at), locale) })}
          </Text>
          <PlainButton variant="outlined" size="small" onClick={() => void send()} disabled={busy} aria-describedby={labelId}>
            {t("send")}
          </PlainButton>
        </div>
      ) : offer.status === "offered" ? (
        <Text variant="body2" color="textSecondary">
          {t("answerBy", { when: parisDayTimeText(new Date(offer.expires_at), locale) })}
        </Text>
      ) : null}
      {error && (
        <Text role="alert" color="error" variant="body2">
          {error}
        </Text>
      )}
    </li>
  );
}

function SendAll({ count }: { count: number }) {
  const t = useTranslations("flex.offers");
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendOffers();
      toast.success(t("sentAll", { count }));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={s.choice}>
      <PlainButton variant="contained" onClick={() => void send()} disabled={busy}>
        {t("sendAll", { count })}
      </PlainButton>
      {error && (
        <Text role="alert" color="error" variant="body2">
          {error}
        </Text>
      )}
    </div>
  );
}

/** The send-each-week setting, switched at once (and back if the server refuses). */
function AutoSend({ view }: { view: HouseholdOffersView }) {
  const t = useTranslations("flex.offers.auto");
  const toast = useToast();
  const failure = useErrorMessage();
  const [on, setOn] = useState(view.auto_send);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    setOn(next);
    try {
      await saveAutoSend(next);
      toast.success(t(next ? "on" : "off"));
    } catch (err) {
      setOn(!next);
      toast.error(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <FormControlLabel control={<Switch checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />} label={t("label")} />
      <Text variant="body2" color="textSecondary">
        {t("hint")}
      </Text>
    </div>
  );
}
