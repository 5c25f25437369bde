"use client";
// My Energy's cards: totals and averages, costs, the cheapest option over 12 months, carbon.
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import { Text } from "@/components/ui/text";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/messages";
import type { TariffOption } from "@/lib/energy/tariff";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { useTariffComparison, type CarbonHour, type EnergyAnswer, type EnergyCost, type PartialReason } from "@/lib/swr/use-energy";
import { hourOfWeekText, type EnergyT, type Period } from "./period";
import { changeText, eurText, kgText, kwhText, pctText, rangeText, addDays, SAME } from "./format";
import { Tag } from "@/components/ui/tag";

/** Cards keep this height at least, and so do their skeletons. */
const CARD_MIN_HEIGHT = 250;
const card = { p: { xs: 2, sm: 2.5 }, borderRadius: 3, minHeight: CARD_MIN_HEIGHT, minWidth: 0, display: "flex", flexDirection: "column", gap: 1.25 } as const;

const isOption = (o: string): o is TariffOption => o === "base" || o === "hphc" || o === "tempo";
const optionLabel = (t: EnergyT, o: string) => (isOption(o) ? t(`options.long.${o}`) : o);

const COST_PERIODS = ["base", "hp", "hc", "bluehp", "bluehc", "whitehp", "whitehc", "redhp", "redhc"] as const;
type CostPeriod = (typeof COST_PERIODS)[number];
const TEMPO_DOT: Record<string, string> = { blue: "#1e63c4", white: "#b0b7c3", red: "#c62828" };
const periodName = (t: EnergyT, p: string) => {
  const key = p.replace(/[_-]/g, "").toLowerCase();
  return (COST_PERIODS as readonly string[]).includes(key) ? t(`costPeriods.${key as CostPeriod}`) : p.toUpperCase();
};
const periodColour = (p: string) => TEMPO_DOT[p.replace(/[_-]?(hp|hc)$/i, "").toLowerCase()];

const REASONS: PartialReason[] = ["tempo_colour_unknown", "no_tariff", "offpeak_unknown", "subscription_unknown", "readings_missing", "curve_missing"];
const reasonsText = (t: EnergyT, locale: Locale, reasons: string[]) => {
  const words = reasons.map((r) => (REASONS.includes(r as PartialReason) ? t(`reasons.${r as PartialReason}`) : r.replace(/_/g, " ")));
  // French sets a narrow no-break space before ";"
  return words.length ? `${words.join(locale === "fr" ? "\u202f; " : "; ")}.` : t("reasons.unknown");
};

function CardTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Text id={id} variant="h3" sx={{ fontSize: "1.05rem" }}>
      {children}
    </Text>
  );
}

/** A card's place while it loads: its title and lines, the card's height. */
export function CardSkeleton({ title }: { title: string }) {
  const t = useTranslations("energy");
  return (
    <Paper variant="outlined" sx={card} aria-busy aria-label={t("loading.card", { title: title.toLowerCase() })}>
      <Text variant="h3" sx={{ fontSize: "1.05rem" }}>
        {title}
      </Text>
      <Skeleton variant="text" width="45%" sx={{ fontSize: "2rem" }} />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="text" width="70%" />
      <Skeleton variant="text" width="60%" />
    </Paper>
  );
}

/** Term and value pairs (a definition list). */
function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", columnGap: 2, rowGap: 0.75, fontSize: 14, "& dt": { color: "text.secondary" }, "& dd": { m: 0, textAlign: "right", fontWeight: 500, fontVariantNumeric: "tabular-nums" } }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: "contents" }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Box>
      ))}
    </Box>
  );
}

function Big({ children, sub }: { children: React.ReactNode; sub?: React.ReactNode }) {
  return (
    <Box>
      <Text sx={{ fontSize: "1.9rem", fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: "tabular-nums" }}>{children}</Text>
      {sub && (
        <Text variant="body2" color="textSecondary">
          {sub}
        </Text>
      )}
    </Box>
  );
}

/** Totals and averages of the period; self-consumption when the meter has both curves. */
export function TotalsCard({ data, period, comparedLabel }: { data: EnergyAnswer; period: Period; comparedLabel: string | null }) {
  const tr = useTranslations("energy");
  const locale = useLocale();
  const t = data.totals;
  const c = data.compare?.totals;
  // periods holding different numbers of days (this month so far, gaps) compare per day held
  const perDay = Boolean(c) && c!.days_with_data !== t.days_with_data;
  const change = c ? (perDay ? changeText(t.average_kwh_per_day, c.average_kwh_per_day, locale) : changeText(t.consumption_kwh, c.consumption_kwh, locale)) : null;
  const kwh = (v: number | null | undefined) => kwhText(v, true, locale);
  const rows: [string, React.ReactNode][] = [
    [tr("cards.averagePerDay"), t.average_kwh_per_day === null ? "–" : kwh(t.average_kwh_per_day)],
    [tr("cards.daysWithData"), tr("cards.daysOf", { held: t.days_with_data, days: t.days })],
  ];
  if (c && comparedLabel) {
    rows.push([tr("cards.comparedRange", { compared: comparedLabel, range: rangeText(data.compare!.from, addDays(data.compare!.to, -1), true, locale) }), kwh(c.consumption_kwh)]);
    if (perDay) rows.push([tr("cards.comparedPerDay", { compared: comparedLabel, count: c.days_with_data }), kwh(c.average_kwh_per_day)]);
  }
  if (data.meter.producer) rows.push([tr("cards.production"), kwh(t.production_kwh)]);
  const both = t.self_consumption_rate !== null && t.self_sufficiency_rate !== null && t.production_kwh !== null;
  if (both) {
    rows.push([tr("cards.selfConsumption"), pctText(t.self_consumption_rate, locale)]);
    rows.push([tr("cards.selfSufficiency"), pctText(t.self_sufficiency_rate, locale)]);
  }
  const compared = comparedLabel?.toLowerCase() ?? "";
  const sub =
    change && comparedLabel
      ? change === SAME
        ? tr(perDay ? "cards.totalsSamePerDay" : "cards.totalsSame", { compared })
        : tr(perDay ? "cards.totalsChangePerDay" : "cards.totalsChange", { change, compared })
      : tr(`cards.consumptionThis.${period.kind}`);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="totals-title" sx={card}>
      <CardTitle id="totals-title">{tr("cards.totals")}</CardTitle>
      <Big sub={sub}>{kwh(t.consumption_kwh)}</Big>
      <Facts rows={rows} />
      {both && (
        <Text variant="caption" color="textSecondary">
          {tr("cards.selfEstimate")}
        </Text>
      )}
    </Paper>
  );
}

/** What the period cost: HP/HC or Tempo colours, the subscription pro-rated by day. */
export function CostCard({ data, comparedLabel, onTariff }: { data: EnergyAnswer; comparedLabel: string | null; onTariff: () => void }) {
  const tr = useTranslations("energy");
  const locale = useLocale();
  const cost = data.cost;
  if (!cost) {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="cost-title" sx={card}>
        <CardTitle id="cost-title">{tr("cards.costs")}</CardTitle>
        <Text color="textSecondary">{tr("cards.noTariff")}</Text>
        <Box>
          <Button variant="outlined" size="small" onClick={onTariff}>
            {tr("cards.setTariff")}
          </Button>
        </Box>
      </Paper>
    );
  }
  const eur = (v: number | null | undefined) => eurText(v, false, locale);
  const before = data.compare?.cost;
  const t = data.totals, c = data.compare?.totals;
  const perDay = Boolean(c) && c!.days_with_data !== t.days_with_data;
  const change = before && c ? (perDay ? (t.days_with_data && c.days_with_data ? changeText(cost.total_eur / t.days_with_data, before.total_eur / c.days_with_data, locale) : null) : changeText(cost.total_eur, before.total_eur, locale)) : null;
  const option = optionLabel(tr, cost.option);
  const kva = cost.kva;
  const contract = cost.supplier ? tr("cards.contractSupplier", { option, kva, supplier: cost.supplier }) : tr("cards.contract", { option, kva });
  const compared = comparedLabel?.toLowerCase() ?? "";
  const against =
    change && comparedLabel
      ? change === SAME
        ? tr(perDay ? "cards.costSamePerDay" : "cards.costSame", { compared })
        : tr(perDay ? "cards.costChangePerDay" : "cards.costChange", { change, compared })
      : null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="cost-title" sx={card}>
      <CardTitle id="cost-title">{tr("cards.costs")}</CardTitle>
      <Big sub={against ? `${contract} · ${against}` : contract}>{cost.partial ? tr("cards.atLeast", { amount: eur(cost.total_eur) }) : eur(cost.total_eur)}</Big>
      <Facts
        rows={[
          ...cost.lines.map(
            (l): [string, React.ReactNode] => [
              `${periodName(tr, l.period)} · ${kwhText(l.kwh, true, locale)}`,
              <Box key={l.period} component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
                {periodColour(l.period) && <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: periodColour(l.period), border: 1, borderColor: "divider" }} />}
                {eur(l.eur)}
              </Box>,
            ],
          ),
          [tr("cards.subscription"), eur(cost.subscription_eur)],
          ...(before && comparedLabel ? [[comparedLabel, eur(before.total_eur)] as [string, React.ReactNode]] : []),
        ]}
      />
      {cost.partial && (
        <Notice severity="warning" sx={{ py: 0 }}>
          {tr("cards.partialCost", { reasons: reasonsText(tr, locale, cost.reasons) })}
        </Notice>
      )}
    </Paper>
  );
}

const OPTIONS: TariffOption[] = ["base", "hphc", "tempo"];

/** Base, HP/HC and Tempo on the household's own last 12 months. */
export function CheaperOptionCard({ meterId, onTariff }: { meterId: number; onTariff: () => void }) {
  const t = useTranslations("energy");
  const failure = useErrorMessage();
  const { data, error, mutate } = useTariffComparison(meterId);
  const title = t("cards.cheaperTitle");
  if (!data && !error) return <CardSkeleton title={title} />;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="cheaper-title" sx={card}>
      <CardTitle id="cheaper-title">{title}</CardTitle>
      {error || !data ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Text color="textSecondary">{t("cards.cheaperFailed", { error: failure(error) })}</Text>
          <Button size="small" onClick={() => mutate()}>
            {t("cards.tryAgain")}
          </Button>
        </Box>
      ) : OPTIONS.every((o) => !data.options[o]) ? (
        <>
          <Text color="textSecondary">{t("cards.cheaperNoPower")}</Text>
          <Box>
            <Button variant="outlined" size="small" onClick={onTariff}>
              {t("cards.setTariff")}
            </Button>
          </Box>
        </>
      ) : (
        <CheaperBody data={data} />
      )}
    </Paper>
  );
}

function CheaperBody({ data }: { data: NonNullable<ReturnType<typeof useTariffComparison>["data"]> }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const eur = (v: number) => eurText(v, false, locale);
  const short = (o: TariffOption) => t(`options.short.${o}`);
  const cost = (o: TariffOption): EnergyCost | null => data.options[o] ?? null;
  const current = data.current ? cost(data.current) : null;
  // readings missing leave the same hours out of every option: the comparison still holds on the readings held
  const sameGaps = OPTIONS.every((o) => cost(o) && cost(o)!.reasons.every((r) => r === "readings_missing"));
  const onTotal = data.cheapest ?? (sameGaps ? OPTIONS.reduce((a, b) => (cost(b)!.total_eur < cost(a)!.total_eur ? b : a)) : null);
  // subscriptions unknown for part of the period: a verdict on the kWh alone, said as such
  const onEnergy = !onTotal ? (data.cheapest_on_energy ?? null) : null;
  const best = onTotal ?? onEnergy;
  const amount = (c: EnergyCost) => (onEnergy ? c.energy_eur : c.total_eur);
  const cheapest = best ? cost(best) : null;
  // the verdict, said "on the energy alone" or "on the readings held" when it is only that
  const on = onEnergy ? "cards.verdictEnergy" : !data.cheapest && best ? "cards.verdictHeld" : "cards.verdict";
  const verdict =
    !best || !cheapest
      ? t("cards.noVerdict")
      : data.current === best
        ? t(`${on}.yours`, { best: short(best) })
        : current
          ? t(`${on}.less`, { best: short(best), amount: eur(amount(current) - amount(cheapest)), current: short(data.current!) })
          : t(`${on}.cheapest`, { best: short(best) });
  const why = OPTIONS.filter((o) => cost(o)?.partial && cost(o)!.reasons.some((r) => r !== "readings_missing"));
  const notes = [
    ...(sameGaps && !data.cheapest ? [t("cards.sameGaps")] : []),
    ...why.map((o) => t("cards.optionPartial", { option: short(o), reasons: reasonsText(t, locale, cost(o)!.reasons.filter((r) => r !== "readings_missing")) })),
  ];
  return (
    <>
      <Text variant="body2" color="textSecondary">
        {t("cards.cheaperIntro", { range: rangeText(data.from, addDays(data.to, -1), true, locale), kwh: kwhText(data.kwh, true, locale) })}
      </Text>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.75 }}>
        {OPTIONS.map((o) => {
          const c = cost(o);
          return (
            <Box component="li" key={o} sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", fontSize: 14 }}>
              <Box component="span" sx={{ fontWeight: 600, minWidth: 64 }}>
                {short(o)}
              </Box>
              {data.current === o && <Tag variant="outlined" label={t("cards.yourOption")} />}
              {best === o && <Tag color="success" label={t("cards.cheapest")} />}
              <Box component="span" sx={{ ml: "auto", fontVariantNumeric: "tabular-nums", fontWeight: 500 }}>
                {c ? (onEnergy ? t("cards.forTheKwh", { amount: eur(c.energy_eur) }) : c.partial ? t("cards.atLeast", { amount: eur(c.total_eur) }) : eur(c.total_eur)) : "–"}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Text sx={{ fontWeight: 500 }}>{verdict}</Text>
      {notes.length > 0 && (
        <Text variant="caption" color="textSecondary">
          {notes.join(" ")}
        </Text>
      )}
      {data.offpeak_assumed && (
        <Text variant="caption" color="textSecondary">
          {t("cards.offpeakAssumed")}
        </Text>
      )}
    </>
  );
}

function HoursList({ hours }: { hours: CarbonHour[] | undefined }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  return (
    <ul>
      {(hours ?? []).map((h) => (
        <li key={`${h.weekday}-${h.hour}`}>
          {hourOfWeekText(h.weekday, h.hour, locale)}
          {typeof h.g_per_kwh === "number" ? ` · ${t("cards.gPerKwh", { g: Math.round(h.g_per_kwh) })}` : ""}
        </li>
      ))}
    </ul>
  );
}

/** The period's kg CO2 and the grid's cleanest and dirtiest hours of the week; quiet when there is no carbon data. */
export function CarbonCard({ data }: { data: EnergyAnswer }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const carbon = data.carbon;
  if (!carbon?.available) {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="carbon-title" sx={card}>
        <CardTitle id="carbon-title">{t("cards.carbon")}</CardTitle>
        <Text color="textSecondary">{t("cards.carbonNone")}</Text>
      </Paper>
    );
  }
  const kg = kgText(data.totals.co2_kg, locale);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="carbon-title" sx={card}>
      <CardTitle id="carbon-title">{t("cards.carbon")}</CardTitle>
      <Big sub={data.totals.co2_partial ? t("cards.carbonPartial") : t("cards.carbonFrom")}>{data.totals.co2_partial ? t("cards.atLeast", { amount: kg }) : kg}</Big>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5, fontSize: 14, "& ul": { m: 0, pl: 2.5 } }}>
        <Box>
          <Text variant="body2" sx={{ fontWeight: 600 }}>
            {t("cards.cleanest")}
          </Text>
          <HoursList hours={carbon.cleanest_hours} />
        </Box>
        <Box>
          <Text variant="body2" sx={{ fontWeight: 600 }}>
            {t("cards.dirtiest")}
          </Text>
          <HoursList hours={carbon.dirtiest_hours} />
        </Box>
      </Box>
      {carbon.source && (
        <Text variant="caption" color="textSecondary">
          {t("cards.source", { source: carbon.source })}
        </Text>
      )}
    </Paper>
  );
}
