"use client";
// My Energy's cards: totals and averages, costs, the cheapest option over 12 months, carbon.
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { TariffOption } from "@/lib/energy/tariff";
import { errorMessage } from "@/lib/swr/fetcher";
import { useTariffComparison, type CarbonHour, type EnergyAnswer, type EnergyCost, type PartialReason } from "@/lib/swr/use-energy";
import { changeText, eurText, hourOfWeekText, kgText, kwhText, pctText, rangeText, addDays, type Period } from "./period";

/** Cards keep this height at least, and so do their skeletons. */
const CARD_MIN_HEIGHT = 250;
const card = { p: { xs: 2, sm: 2.5 }, borderRadius: 3, minHeight: CARD_MIN_HEIGHT, minWidth: 0, display: "flex", flexDirection: "column", gap: 1.25 } as const;

const OPTION_LABEL: Record<TariffOption, string> = { base: "Base", hphc: "Peak / off-peak (HP/HC)", tempo: "Tempo" };
const OPTION_SHORT: Record<TariffOption, string> = { base: "Base", hphc: "HP/HC", tempo: "Tempo" };

const PERIOD_LABEL: Record<string, string> = {
  base: "Base",
  hp: "Peak hours (HP)",
  hc: "Off-peak hours (HC)",
  bluehp: "Blue days, peak",
  bluehc: "Blue days, off-peak",
  whitehp: "White days, peak",
  whitehc: "White days, off-peak",
  redhp: "Red days, peak",
  redhc: "Red days, off-peak",
};
const TEMPO_DOT: Record<string, string> = { blue: "#1e63c4", white: "#b0b7c3", red: "#c62828" };
const periodName = (p: string) => PERIOD_LABEL[p.replace(/[_-]/g, "").toLowerCase()] ?? p.toUpperCase();
const periodColour = (p: string) => TEMPO_DOT[p.replace(/[_-]?(hp|hc)$/i, "").toLowerCase()];

const REASON_TEXT: Record<PartialReason, string> = {
  tempo_colour_unknown: "the Tempo colour of some days is not known yet",
  no_tariff: "no price is known for part of the period",
  offpeak_unknown: "your off-peak hours are not known for part of the period",
  subscription_unknown: "the subscription price is not known for part of the period",
  readings_missing: "some readings are missing, so their cost is not counted",
  curve_missing: "some days are known only by their daily total, which cannot be split into peak and off-peak",
};
const reasonsText = (reasons: string[]) => {
  const words = reasons.map((r) => REASON_TEXT[r as PartialReason] ?? r.replace(/_/g, " "));
  return words.length ? `${words.join("; ")}.` : "some readings could not be priced.";
};

function CardTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: "1.05rem" }}>
      {children}
    </Typography>
  );
}

/** A card's place while it loads: its title and lines, the card's height. */
export function CardSkeleton({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={card} aria-busy aria-label={`Loading ${title.toLowerCase()}`}>
      <Typography variant="h3" sx={{ fontSize: "1.05rem" }}>
        {title}
      </Typography>
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
      <Typography sx={{ fontSize: "1.9rem", fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: "tabular-nums" }}>{children}</Typography>
      {sub && (
        <Typography variant="body2" color="text.secondary">
          {sub}
        </Typography>
      )}
    </Box>
  );
}

/** Totals and averages of the period; self-consumption when the meter has both curves. */
export function TotalsCard({ data, period, comparedLabel }: { data: EnergyAnswer; period: Period; comparedLabel: string | null }) {
  const t = data.totals;
  const c = data.compare?.totals;
  // periods holding different numbers of days (this month so far, gaps) compare per day held
  const perDay = Boolean(c) && c!.days_with_data !== t.days_with_data;
  const change = c ? (perDay ? changeText(t.average_kwh_per_day, c.average_kwh_per_day) : changeText(t.consumption_kwh, c.consumption_kwh)) : null;
  const rows: [string, React.ReactNode][] = [
    ["Average per day", t.average_kwh_per_day === null ? "–" : kwhText(t.average_kwh_per_day)],
    ["Days with data", `${t.days_with_data} of ${t.days}`],
  ];
  if (c && comparedLabel) {
    rows.push([`${comparedLabel} (${rangeText(data.compare!.from, addDays(data.compare!.to, -1), true)})`, kwhText(c.consumption_kwh)]);
    if (perDay) rows.push([`${comparedLabel}, per day (${c.days_with_data} days with data)`, kwhText(c.average_kwh_per_day)]);
  }
  if (data.meter.producer) rows.push(["Production", kwhText(t.production_kwh)]);
  const both = t.self_consumption_rate !== null && t.self_sufficiency_rate !== null && t.production_kwh !== null;
  if (both) {
    rows.push(["Self-consumption (of your production)", pctText(t.self_consumption_rate)]);
    rows.push(["Self-sufficiency (of your consumption)", pctText(t.self_sufficiency_rate)]);
  }
  return (
    <Paper component="section" variant="outlined" aria-labelledby="totals-title" sx={card}>
      <CardTitle id="totals-title">Totals</CardTitle>
      <Big sub={change && comparedLabel ? `${change === "same as" ? "The same as" : change + " against"} the ${comparedLabel.toLowerCase()}${perDay ? ", per day with data" : ""}` : `Consumption, ${period.kind === "custom" ? "this range" : `this ${period.kind}`}`}>
        {kwhText(t.consumption_kwh)}
      </Big>
      <Facts rows={rows} />
      {both && (
        <Typography variant="caption" color="text.secondary">
          Self-consumption is an estimate: Linky measures what crosses the meter, half hour by half hour, not what your panels feed your home directly.
        </Typography>
      )}
    </Paper>
  );
}

/** What the period cost: HP/HC or Tempo colours, the subscription pro-rated by day. */
export function CostCard({ data, comparedLabel, onTariff }: { data: EnergyAnswer; comparedLabel: string | null; onTariff: () => void }) {
  const cost = data.cost;
  if (!cost) {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="cost-title" sx={card}>
        <CardTitle id="cost-title">Costs</CardTitle>
        <Typography color="text.secondary">Tell Foyer your tariff option and subscribed power to see what this period cost.</Typography>
        <Box>
          <Button variant="outlined" size="small" onClick={onTariff}>
            Set your tariff
          </Button>
        </Box>
      </Paper>
    );
  }
  const before = data.compare?.cost;
  const t = data.totals, c = data.compare?.totals;
  const perDay = Boolean(c) && c!.days_with_data !== t.days_with_data;
  const change = before && c ? (perDay ? (t.days_with_data && c.days_with_data ? changeText(cost.total_eur / t.days_with_data, before.total_eur / c.days_with_data) : null) : changeText(cost.total_eur, before.total_eur)) : null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="cost-title" sx={card}>
      <CardTitle id="cost-title">Costs</CardTitle>
      <Big sub={`${OPTION_LABEL[cost.option] ?? cost.option}, ${cost.kva} kVA${cost.supplier ? `, ${cost.supplier}` : ""}${change && comparedLabel ? ` · ${change === "same as" ? "the same as" : change + " against"} the ${comparedLabel.toLowerCase()}${perDay ? " per day" : ""}` : ""}`}>
        {cost.partial ? "at least " : ""}
        {eurText(cost.total_eur)}
      </Big>
      <Facts
        rows={[
          ...cost.lines.map(
            (l): [string, React.ReactNode] => [
              `${periodName(l.period)} · ${kwhText(l.kwh)}`,
              <Box key={l.period} component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
                {periodColour(l.period) && <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: periodColour(l.period), border: 1, borderColor: "divider" }} />}
                {eurText(l.eur)}
              </Box>,
            ],
          ),
          ["Subscription (pro-rated by day)", eurText(cost.subscription_eur)],
          ...(before && comparedLabel ? [[comparedLabel, eurText(before.total_eur)] as [string, React.ReactNode]] : []),
        ]}
      />
      {cost.partial && (
        <Alert severity="warning" sx={{ py: 0 }}>
          Partial cost, a lower bound: {reasonsText(cost.reasons)}
        </Alert>
      )}
    </Paper>
  );
}

const OPTIONS: TariffOption[] = ["base", "hphc", "tempo"];

/** A small label beside an option (MUI's Chip's look, without its code on this page). */
function Tag({ children, success = false }: { children: React.ReactNode; success?: boolean }) {
  return (
    <Box
      component="span"
      sx={{ display: "inline-flex", alignItems: "center", height: 24, px: 1, borderRadius: 3, fontSize: "0.8125rem", lineHeight: 1, whiteSpace: "nowrap", border: 1, borderColor: success ? "success.main" : "divider", bgcolor: success ? "success.main" : "transparent", color: success ? "success.contrastText" : "text.primary" }}
    >
      {children}
    </Box>
  );
}

/** Base, HP/HC and Tempo on the household's own last 12 months. */
export function CheaperOptionCard({ meterId, onTariff }: { meterId: number; onTariff: () => void }) {
  const { data, error, mutate } = useTariffComparison(meterId);
  const title = "Which option would have been cheaper";
  if (!data && !error) return <CardSkeleton title={title} />;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="cheaper-title" sx={card}>
      <CardTitle id="cheaper-title">{title}</CardTitle>
      {error || !data ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography color="text.secondary">The comparison could not be loaded: {errorMessage(error)}</Typography>
          <Button size="small" onClick={() => mutate()}>
            Try again
          </Button>
        </Box>
      ) : OPTIONS.every((o) => !data.options[o]) ? (
        <>
          <Typography color="text.secondary">Set your subscribed power to compare Base, HP/HC and Tempo on your own consumption.</Typography>
          <Box>
            <Button variant="outlined" size="small" onClick={onTariff}>
              Set your tariff
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
  const onHeld = onEnergy ? "On the energy alone (subscription prices are not known for the whole period), " : !data.cheapest && best ? "On the readings held, " : "";
  const verdict =
    !best || !cheapest
      ? "Some options could not be priced in full over this period (see why below): no verdict."
      : data.current === best
        ? `${onHeld}your option, ${OPTION_SHORT[best]}, was the cheapest.`
        : current
          ? `${onHeld}${OPTION_SHORT[best]} would have cost ${eurText(amount(current) - amount(cheapest))} less than your ${OPTION_SHORT[data.current!]}.`
          : `${onHeld}${OPTION_SHORT[best]} would have been the cheapest.`;
  const why = OPTIONS.filter((o) => cost(o)?.partial && cost(o)!.reasons.some((r) => r !== "readings_missing"));
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Your consumption of {rangeText(data.from, addDays(data.to, -1), true)} ({kwhText(data.kwh)}), priced under each regulated option at your power.
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.75 }}>
        {OPTIONS.map((o) => {
          const c = cost(o);
          return (
            <Box component="li" key={o} sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", fontSize: 14 }}>
              <Box component="span" sx={{ fontWeight: 600, minWidth: 64 }}>
                {OPTION_SHORT[o]}
              </Box>
              {data.current === o && <Tag>Your option</Tag>}
              {best === o && <Tag success>Cheapest</Tag>}
              <Box component="span" sx={{ ml: "auto", fontVariantNumeric: "tabular-nums", fontWeight: 500 }}>
                {c ? (onEnergy ? `${eurText(c.energy_eur)} for the kWh` : `${c.partial ? "at least " : ""}${eurText(c.total_eur)}`) : "–"}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Typography sx={{ fontWeight: 500 }}>{verdict}</Typography>
      {(why.length > 0 || (sameGaps && !data.cheapest)) && (
        <Typography variant="caption" color="text.secondary">
          {sameGaps && !data.cheapest ? "Some readings are missing: the same hours are left out of every option. " : ""}
          {why.map((o) => `${OPTION_SHORT[o]} is partial: ${reasonsText(cost(o)!.reasons.filter((r) => r !== "readings_missing"))}`).join(" ")}
        </Typography>
      )}
      {data.offpeak_assumed && (
        <Typography variant="caption" color="text.secondary">
          Your off-peak hours are not known: HP/HC is priced with off-peak hours from 22:00 to 06:00.
        </Typography>
      )}
    </>
  );
}

const hoursList = (hours: CarbonHour[] | undefined) =>
  (hours ?? []).map((h) => (
    <li key={`${h.weekday}-${h.hour}`}>
      {hourOfWeekText(h.weekday, h.hour)}
      {typeof h.g_per_kwh === "number" ? ` · ${Math.round(h.g_per_kwh)} g/kWh` : ""}
    </li>
  ));

/** The period's kg CO2 and the grid's cleanest and dirtiest hours of the week; quiet when there is no carbon data. */
export function CarbonCard({ data }: { data: EnergyAnswer }) {
  const carbon = data.carbon;
  if (!carbon?.available) {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="carbon-title" sx={card}>
        <CardTitle id="carbon-title">Carbon</CardTitle>
        <Typography color="text.secondary">Carbon data is not available for this period.</Typography>
      </Paper>
    );
  }
  return (
    <Paper component="section" variant="outlined" aria-labelledby="carbon-title" sx={card}>
      <CardTitle id="carbon-title">Carbon</CardTitle>
      <Big sub={data.totals.co2_partial ? "Partial: some half hours have no grid intensity" : "From the French grid's carbon intensity, half hour by half hour"}>
        {data.totals.co2_partial ? "at least " : ""}
        {kgText(data.totals.co2_kg)}
      </Big>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5, fontSize: 14, "& ul": { m: 0, pl: 2.5 } }}>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Cleanest hours
          </Typography>
          <ul>{hoursList(carbon.cleanest_hours)}</ul>
        </Box>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Dirtiest hours
          </Typography>
          <ul>{hoursList(carbon.dirtiest_hours)}</ul>
        </Box>
      </Box>
      {carbon.source && (
        <Typography variant="caption" color="text.secondary">
          Source: {carbon.source}
        </Typography>
      )}
    </Paper>
  );
}
