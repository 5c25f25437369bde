"use client";
// My Energy's cards: totals and averages, costs, the cheapest option over 12 months, carbon.
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import { Text } from "@/components/ui/text";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { TariffOption } from "@/lib/energy/tariff";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { useTariffComparison, type CarbonHour, type EnergyAnswer, type GridHour, type PartialReason } from "@/lib/swr/use-energy";
import { hourOfWeekText, type EnergyT, type Period } from "./period";
import { changeText, co2Text, dayMonthText, eurText, kgText, kwhText, pctText, rangeText, addDays, SAME } from "./format";
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

/** A card's main figure, a tag beside it ("Estimate") and a line under it. */
function Big({ children, sub, tag }: { children: React.ReactNode; sub?: React.ReactNode; tag?: React.ReactNode }) {
  const figure = <Text sx={{ fontSize: "1.9rem", fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: "tabular-nums" }}>{children}</Text>;
  return (
    <Box>
      {tag ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          {figure}
          {tag}
        </Box>
      ) : (
        figure
      )}
      {sub && (
        <Text variant="body2" color="textSecondary">
          {sub}
        </Text>
      )}
    </Box>
  );
}

type Totals = EnergyAnswer["totals"];

/**
 * A figure of the period against the compared period's: per day held when the two hold different
 * numbers of days (this month so far, gaps), as every card compares.
 */
function periodChange(now: number | null, before: number | null, t: Totals, c: Totals, locale: Locale): { change: string | null; perDay: boolean } {
  const perDay = c.days_with_data !== t.days_with_data;
  if (!perDay) return { perDay, change: changeText(now, before, locale) };
  if (now === null || before === null || !t.days_with_data || !c.days_with_data) return { perDay, change: null };
  return { perDay, change: changeText(now / t.days_with_data, before / c.days_with_data, locale) };
}

/** Totals and averages of the period; self-consumption when the meter has both curves. */
export function TotalsCard({ data, period, comparedLabel }: { data: EnergyAnswer; period: Period; comparedLabel: string | null }) {
  const tr = useTranslations("energy");
  const locale = useLocale();
  const t = data.totals;
  const c = data.compare?.totals;
  const { change, perDay } = c ? periodChange(t.consumption_kwh, c.consumption_kwh, t, c, locale) : { change: null, perDay: false };
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
  const { change, perDay } = before && c ? periodChange(cost.total_eur, before.total_eur, t, c, locale) : { change: null, perDay: false };
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

type Comparison = NonNullable<ReturnType<typeof useTariffComparison>["data"]>;
type ComparisonCost = NonNullable<Comparison["options"]["base"]>;
type ComparisonEstimate = Comparison["estimates"][number];

/** One sentence saying which parts of the comparison are estimated and how (the API's `estimates`). */
function estimatesText(t: EnergyT, locale: Locale, estimates: ComparisonEstimate[]): string | null {
  if (!estimates.length) return null;
  const short = (o: string) => (isOption(o) ? t(`options.short.${o}`) : o);
  const and = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} ${t("cards.and")} ${xs[xs.length - 1]}` : xs[0]);
  // the same stand-in for several options is said once: "the Base and HP/HC subscriptions"
  const groups = new Map<string, { e: ComparisonEstimate; options: string[] }>();
  let tempoDays = 0;
  for (const e of estimates) {
    if (e.kind === "tempo_colours") {
      tempoDays += e.days;
      continue;
    }
    const key = `${e.kind}|${e.from}|${e.to}|${e.grid}`;
    const g = groups.get(key) ?? { e, options: [] };
    g.options.push(short(e.option));
    groups.set(key, g);
  }
  const parts = [...groups.values()].map(({ e, options }) =>
    t(`cards.estimate.${e.kind === "prices" ? "prices" : "subscription"}`, {
      options: and(options),
      range: rangeText(e.from, addDays(e.to, -1), true, locale),
      grid: dayMonthText(e.grid!, true, locale),
    }),
  );
  if (tempoDays) parts.push(t("cards.estimate.tempo", { count: tempoDays }));
  return t("cards.estimate.sentence", { parts: parts.join(locale === "fr" ? "\u202f; " : "; ") });
}

function CheaperBody({ data }: { data: Comparison }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const eur = (v: number) => eurText(v, false, locale);
  const short = (o: TariffOption) => t(`options.short.${o}`);
  const cost = (o: TariffOption): ComparisonCost | null => data.options[o] ?? null;
  const offered = OPTIONS.filter((o) => cost(o)?.offered);
  const best = data.cheapest;
  const current = data.current && cost(data.current)?.offered ? cost(data.current) : null;
  // readings missing leave the same hours out of every option: the verdict holds on the readings held
  const held = offered.some((o) => cost(o)!.reasons.includes("readings_missing"));
  const on = held ? "cards.verdictHeld" : "cards.verdict";
  const margin = offered.reduce((s, o) => s + cost(o)!.margin_eur, 0);
  const stillPartial = offered.filter((o) => cost(o)!.reasons.some((r) => r !== "readings_missing"));
  let verdict: string;
  if (best && data.current === best) verdict = data.difference_eur !== null ? t(`${on}.yoursBy`, { best: short(best), amount: eur(data.difference_eur) }) : t(`${on}.yours`, { best: short(best) });
  else if (best && current) verdict = t(`${on}.less`, { best: short(best), amount: eur(current.total_eur - cost(best)!.total_eur), current: short(data.current!) });
  else if (best) verdict = data.difference_eur !== null ? t(`${on}.cheapestBy`, { best: short(best), amount: eur(data.difference_eur) }) : t(`${on}.cheapest`, { best: short(best) });
  else if (!stillPartial.length && offered.length > 1) verdict = t("cards.withinMargin", { margin: eur(margin) });
  else verdict = t("cards.noVerdict");
  const notes = [
    estimatesText(t, locale, data.estimates),
    ...(held ? [t("cards.sameGaps")] : []),
    ...stillPartial.map((o) => t("cards.optionPartial", { option: short(o), reasons: reasonsText(t, locale, cost(o)!.reasons.filter((r) => r !== "readings_missing")) })),
  ].filter((x): x is string => Boolean(x));
  const amountOf = (c: ComparisonCost) =>
    !c.offered ? t("cards.notOffered", { kva: data.kva ?? "" }) : c.partial && c.reasons.some((r) => r !== "readings_missing") ? t("cards.atLeast", { amount: eur(c.total_eur) }) : c.estimated_eur > 0 ? t("cards.about", { amount: eur(c.total_eur) }) : eur(c.total_eur);
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
                {c ? amountOf(c) : "–"}
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

/** Hours of the week; with the household's kWh and kg when it has them, else the grid's g/kWh. */
function HoursList({ hours }: { hours: (CarbonHour | GridHour)[] | undefined }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  return (
    <ul>
      {(hours ?? []).map((h) => (
        <li key={`${h.weekday}-${h.hour}`}>
          {hourOfWeekText(h.weekday, h.hour, locale)}
          {" · "}
          {"co2_kg" in h ? t("cards.hourCo2", { kg: co2Text(h.co2_kg, locale), g: Math.round(h.g_per_kwh) }) : t("cards.gPerKwh", { g: Math.round(h.g_per_kwh) })}
        </li>
      ))}
    </ul>
  );
}

/** "Carbon intensity: Electricity Maps (ODbL)": the credit the data's licence asks of every place showing a figure from it. */
function CarbonCredit({ provider, licence }: { provider: string | null; licence: string | null }) {
  const t = useTranslations("energy");
  if (!provider) return null;
  return (
    <Text variant="caption" color="textSecondary">
      {t("cards.credit", { provider, licence: licence ?? "" })}
    </Text>
  );
}

/**
 * The period's kg CO2 (against the compared period), whether measured or estimated and how, the
 * household's hours with the most and the least CO2, the grid's cleanest hours, and the credit.
 */
export function CarbonCard({ data, comparedLabel }: { data: EnergyAnswer; comparedLabel?: string | null }) {
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
  const totals = data.totals;
  const kg = kgText(totals.co2_kg, locale);
  const c = data.compare?.totals;
  const { change, perDay } = c && comparedLabel ? periodChange(totals.co2_kg, c.co2_kg, totals, c, locale) : { change: null, perDay: false };
  const compared = comparedLabel?.toLowerCase() ?? "";
  const share = pctText(carbon.estimated_share, locale);
  const how = carbon.estimated
    ? carbon.estimated_share >= 1
      ? t("cards.carbonEstimatedAll", { year: carbon.profile_year ?? "" })
      : t("cards.carbonEstimatedSome", { share, year: carbon.profile_year ?? "" })
    : t("cards.carbonMeasured");
  const lines = [
    totals.co2_partial ? t("cards.carbonPartial") : null,
    change ? (change === SAME ? t(perDay ? "cards.costSamePerDay" : "cards.costSame", { compared }) : t(perDay ? "cards.costChangePerDay" : "cards.costChange", { change, compared })) : null,
  ].filter((x): x is string => Boolean(x));
  return (
    <Paper component="section" variant="outlined" aria-labelledby="carbon-title" sx={card}>
      <CardTitle id="carbon-title">{t("cards.carbon")}</CardTitle>
      <Big sub={lines.join(" · ") || null} tag={carbon.estimated ? <Tag variant="outlined" label={t("cards.estimatedTag")} /> : null}>
        {totals.co2_partial ? t("cards.atLeast", { amount: kg }) : kg}
      </Big>
      <Text variant="body2" color="textSecondary">
        {how}
      </Text>
      {carbon.dirtiest_hours.length > 0 && (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5, fontSize: 14, "& ul": { m: 0, pl: 2.5 } }}>
          <Box>
            <Text variant="body2" sx={{ fontWeight: 600 }}>
              {t("cards.dirtiest")}
            </Text>
            <HoursList hours={carbon.dirtiest_hours} />
          </Box>
          <Box>
            <Text variant="body2" sx={{ fontWeight: 600 }}>
              {t("cards.cleanest")}
            </Text>
            <HoursList hours={carbon.cleanest_hours} />
          </Box>
        </Box>
      )}
      {carbon.grid_cleanest_hours.length > 0 && (
        <Box sx={{ fontSize: 14, "& ul": { m: 0, pl: 2.5 } }}>
          <Text variant="body2" sx={{ fontWeight: 600 }}>
            {t("cards.gridCleanest")}
          </Text>
          <HoursList hours={carbon.grid_cleanest_hours} />
        </Box>
      )}
      <Text variant="caption" color="textSecondary">
        {t(`cards.carbonSource.${carbon.basis === "generated" ? "generated" : "consumed"}`, { step: carbon.step_minutes === 30 ? t("cards.halfHourly") : t("cards.hourly"), year: carbon.profile_year ?? "" })}
      </Text>
      {carbon.fetched && (
        <Text variant="caption" color="textSecondary">
          {t("cards.carbonFetched", { share: pctText(carbon.fetched.share, locale) })}
        </Text>
      )}
      <CarbonCredit provider={carbon.provider} licence={carbon.licence} />
      {carbon.fetched && <CarbonCredit provider={carbon.fetched.provider} licence={carbon.fetched.licence} />}
    </Paper>
  );
}
