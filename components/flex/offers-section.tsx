"use client";
// /flexibility's offers (docs/flexibility.md, "Offers"): what Foyer prepared for the coming week
// from the household's week-ahead schedules, each schedule's source or why it gave nothing, the
// offers by day with their status, sending them one by one or all (or each week by the setting),
// and the week under way with what the offers delivered.
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { Text } from "@/components/ui/text";
import { PlainButton, PlainLinkButton } from "@/components/ui/plain-button";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { parisDayTimeText } from "@/components/ui/dates";
import { eurText, kwhText, pctText, wattsText } from "@/components/energy/format";
import { eventDayText } from "@/lib/flex/day-text";
import { capacityW, comingWeek } from "@/lib/flex/offers";
import { addDays } from "@/lib/time/paris";
import { changeOffer, saveAutoSend, sendOffers, useOffers, type HouseholdOffersView, type OfferView } from "@/lib/swr/use-flex";
import type { Locale } from "@/lib/shared/locale.mjs";
import s from "./flex.module.css";

const capital = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);

/** The Monday of the week `now` is in (Paris): the week before the coming one. */
const thisWeek = (now = Date.now()) => addDays(comingWeek(now), -7);

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
        <ToggleButtonGroup size="small" exclusive sx={{ "& .MuiToggleButton-root": { textTransform: "none" } }} value={week === null ? "coming" : "current"} onChange={(_, v: string | null) => v && setWeek(v === "coming" ? null : thisWeek())} aria-label={t("weekChoice")}>
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
                <strong>{n.der_name}</strong> · {noteText(n, t, locale)}
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
                {windowsOf(view.offers.filter((o) => o.day === day)).map((w) => (
                  <WindowItem key={w.key} offers={w.offers} locale={locale} now={now} />
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

function noteText(n: HouseholdOffersView["schedules"][number], t: T, locale: Locale): string {
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
      // a channel's own predictability (the meter's is the household's, said above)
      return `${t("offerCount", { count: n.offers })} (${source})${n.accuracy ? ` · ${t(`predictability.${n.accuracy.predictability}`, { mae: pctText(n.accuracy.normalised_mae, locale) })}` : ""}`;
  }
}

/** A day's offers by window and resource: its down and up offers side by side. */
function windowsOf(offers: OfferView[]): { key: string; offers: OfferView[] }[] {
  const out = new Map<string, OfferView[]>();
  for (const o of offers) {
    const key = `${o.starts_at}/${o.ends_at}/${o.schedule_id ?? o.resource}`;
    out.set(key, [...(out.get(key) ?? []), o]);
  }
  return [...out].map(([key, list]) => ({ key, offers: list.sort((a, b) => a.direction.localeCompare(b.direction)) }));
}

function WindowItem({ offers, locale, now }: { offers: OfferView[]; locale: Locale; now: number }) {
  const first = offers[0];
  const labelId = `flex-window-${first.id}`;
  return (
    <li className={s.offer} aria-labelledby={labelId}>
      <Text id={labelId} className={s.when}>
        {first.from} – {first.to} · {first.resource}
      </Text>
      {offers.map((o) => (
        <OfferLine key={o.id} offer={o} locale={locale} now={now} labelId={labelId} />
      ))}
      <Deadline offers={offers} locale={locale} now={now} />
    </li>
  );
}

function OfferLine({ offer, locale, now, labelId }: { offer: OfferView; locale: Locale; now: number; labelId: string }) {
  const t = useTranslations("flex.offers");
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sendable = offer.status === "draft" && Date.parse(offer.expires_at) > now;
  const [editing, setEditing] = useState(false);
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
  const lineId = `flex-offer-${offer.id}`;
  return (
    <div className={s.offerLine}>
      <div className={s.head}>
        <span className={`${s.badge} ${s[offer.direction]}`}>{t(`direction.${offer.direction}`)}</span>
        <Text id={lineId} variant="body2">
          {t("amount", { power: wattsText(offer.max_power_w, locale), kwh: kwhText(offer.energy_wh / 1000, true, locale) })}
        </Text>
        <span className={s.badge}>{t(`status.${offer.status}`)}</span>
      </div>
      {offer.status === "settled" ? (
        <Text variant="body2">
          {offer.delivered_wh === null ? t("settledNoData") : t("settled", { kwh: kwhText(offer.delivered_wh / 1000, true, locale), reward: eurText(offer.reward_eur ?? 0, false, locale) })}
        </Text>
      ) : sendable && editing ? (
        <PowerForm offer={offer} locale={locale} onDone={() => setEditing(false)} />
      ) : sendable ? (
        <div className={s.choice}>
          <PlainButton variant="outlined" size="small" onClick={() => void send()} disabled={busy} aria-describedby={`${labelId} ${lineId}`}>
            {t("send")}
          </PlainButton>
          <PlainButton variant="text" size="small" onClick={() => setEditing(true)} disabled={busy} aria-describedby={`${labelId} ${lineId}`}>
            {t("change")}
          </PlainButton>
        </div>
      ) : null}
      {error && (
        <Text role="alert" color="error" variant="body2">
          {error}
        </Text>
      )}
    </div>
  );
}

/**
 * A draft's power, changed: at most `kW` in each period, never more than the resource can offer
 * there (its capacity against the offer's baseline); a period the schedule leaves out stays at 0.
 */
function PowerForm({ offer, locale, onDone }: { offer: OfferView; locale: Locale; onDone: () => void }) {
  const t = useTranslations("flex.offers");
  const toast = useToast();
  const failure = useErrorMessage();
  const caps = offer.baseline_w.map((b) => capacityW(offer.direction, offer.rated_w, b));
  const most = Math.max(0, ...caps);
  const [kw, setKw] = useState(String(offer.max_power_w / 1000));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const w = Math.round(Number(kw.replace(",", ".")) * 1000);
    if (!Number.isFinite(w) || w <= 0 || w > most) {
      setError(t("powerRange", { most: wattsText(most, locale) }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changeOffer(offer.id, offer.power_w.map((p, i) => (p === 0 ? 0 : Math.min(caps[i], w))));
      toast.success(t("changed"));
      onDone();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  const inputId = `flex-offer-power-${offer.id}`;
  return (
    <form className={s.choice} onSubmit={(e) => void save(e)} noValidate>
      <TextField id={inputId} size="small" label={t("powerLabel")} value={kw} onChange={(e) => setKw(e.target.value)} slotProps={{ htmlInput: { inputMode: "decimal" } }} helperText={t("powerHint", { most: wattsText(most, locale) })} sx={{ maxWidth: 220 }} />
      <PlainButton type="submit" variant="contained" size="small" disabled={busy}>
        {t("save")}
      </PlainButton>
      <PlainButton variant="text" size="small" onClick={onDone} disabled={busy}>
        {t("cancel")}
      </PlainButton>
      {error && (
        <Text role="alert" color="error" variant="body2">
          {error}
        </Text>
      )}
    </form>
  );
}

/** A window's deadline, once: to send its drafts, or for the operator to answer (its offers share their expiry). */
function Deadline({ offers, locale, now }: { offers: OfferView[]; locale: Locale; now: number }) {
  const t = useTranslations("flex.offers");
  const when = parisDayTimeText(new Date(offers[0].expires_at), locale);
  if (offers.some((o) => o.status === "draft" && Date.parse(o.expires_at) > now)) {
    return (
      <Text variant="body2" color="textSecondary">
        {t("sendBy", { when })}
      </Text>
    );
  }
  if (offers.some((o) => o.status === "offered")) {
    return (
      <Text variant="body2" color="textSecondary">
        {t("answerBy", { when })}
      </Text>
    );
  }
  return null;
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
