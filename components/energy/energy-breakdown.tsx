"use client";
// My Energy's "Where your energy went": what the household's clamps measured over the period on
// screen (GET /api/v1/energy/breakdown): the home's consumption part by part (each EV and consumer
// a clamp measures, the rest), the solar production used at home or sent out, a chart by hour or
// day (breakdown-chart.tsx, uPlot, loaded when shown), and yesterday's clamps against Linky.
// Loaded by next/dynamic from my-energy-view.tsx; shows nothing for a household without devices
// on MQTT, nor while the first answer loads: the section is the page's last, nothing moves when it
// comes (it stays while the next period loads).
import dynamic from "next/dynamic";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import { Notice } from "@/components/ui/notice";
import { ErrorState } from "@/components/ui/page-states";
import { useLocale, useTranslations } from "use-intl";
import { useEnergyBreakdown, type EnergyBreakdown as Answer } from "@/lib/swr/use-telemetry-household";
import { ChartSkeleton } from "./chart-skeleton";
import { breakdownColours, useSchemeTheme } from "./chart-theme";
import { breakdownRange, homeShares, reconciliationText, solarShares, type Part, type Shares } from "./breakdown";
import { kwhText, pctText, rangeText } from "./format";
import { periodLabel, type Period } from "./period";

function ChartLoading() {
  const t = useTranslations("energy");
  return <ChartSkeleton label={t("loading.chart")} />;
}
const BreakdownChart = dynamic(() => import("./breakdown-chart").then((m) => m.BreakdownChart), { ssr: false, loading: () => <ChartLoading /> });

const section = { p: { xs: 1.5, sm: 2.5 }, borderRadius: 3, minWidth: 0 } as const;
const b = (chunks: React.ReactNode) => <b>{chunks}</b>;

/** The section for `period` (its last 366 days when longer). */
export function EnergyBreakdown({ period }: { period: Period }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const range = breakdownRange(period);
  const { data, error, isLoading, mutate } = useEnergyBreakdown(range);
  if (!data) return error ? <ErrorState error={error} what={t("breakdown.what")} onRetry={() => mutate()} /> : null;
  if (!data.measurements.length) return null;
  const stale = data.from !== range.from || data.to !== range.to;
  const note = range.clipped ? t("breakdown.clipped", { range: rangeText(range.from, range.to, true, locale) }) : periodLabel(period, locale);
  const solar = solarShares(data.total);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="breakdown-title" sx={section}>
      <Box sx={{ display: "flex", alignItems: "baseline", flexWrap: "wrap", columnGap: 1.5, mb: 1.5 }}>
        <Text id="breakdown-title" variant="h3" sx={{ fontSize: "1.05rem" }}>
          {t("breakdown.title")}
        </Text>
        <Text variant="body2" color="textSecondary">
          {note}
        </Text>
      </Box>
      {error && <ErrorState error={error} what={t("breakdown.what")} onRetry={() => mutate()} />}
      <Box aria-busy={isLoading || stale} sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2.5, opacity: stale ? 0.6 : 1, transition: "opacity .2s" }}>
        {!data.points.length ? (
          <Text color="textSecondary">{t("breakdown.noData")}</Text>
        ) : (
          <>
            <Box sx={{ display: "grid", gap: 2.5, alignItems: "start", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: solar ? "repeat(2, minmax(0, 1fr))" : "minmax(0, 1fr)" } }}>
              <HomeTotals data={data} />
              {solar && <SolarTotals shares={solar} />}
            </Box>
            <Box>
              <Text variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                {t(`breakdown.perBucket.${data.bucket}`)}
              </Text>
              <BreakdownChart data={data} />
            </Box>
          </>
        )}
        <Reconciliation r={data.reconciliation} />
      </Box>
    </Paper>
  );
}

/** The home's consumption: each measured part and the rest, as one bar and as a list. */
function HomeTotals({ data }: { data: Answer }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const c = breakdownColours(useSchemeTheme());
  const home = homeShares(data);
  const kwh = kwhText(home.totalWh / 1000, true, locale);
  // each EV and each consumer its own shade, in the list's order
  const colours = new Map<string, string>();
  let ev = 0;
  let consumer = 0;
  for (const p of home.parts) colours.set(p.key, p.kind === "ev" ? c.ev(ev++) : p.kind === "consumer" ? c.consumer(consumer++) : c.rest);
  const colourOf = (p: Part) => colours.get(p.key)!;
  const labelOf = (p: Part) =>
    p.kind === "rest" ? (
      t("breakdown.rest")
    ) : p.kind === "ev" ? (
      <>
        {p.name}{" "}
        <Text component="span" variant="body2" color="textSecondary">
          · {t("breakdown.evHint")}
        </Text>
      </>
    ) : (
      p.name
    );
  return (
    <SharesBlock id="breakdown-home" heading={t.rich(home.homeKnown ? "breakdown.homeUsed" : "breakdown.clampsMeasured", { kwh, b })} listLabel={t("breakdown.homeParts")} shares={home} colourOf={colourOf} labelOf={labelOf}>
      <Text variant="body2" color="textSecondary">
        {home.homeKnown ? t("breakdown.gridDrawn", { kwh: kwhText(data.total.grid_import_wh / 1000, true, locale) }) : t("breakdown.noGridClamp")}
      </Text>
    </SharesBlock>
  );
}

/** The solar production: used at home, and sent to the grid. */
function SolarTotals({ shares }: { shares: Shares }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const c = breakdownColours(useSchemeTheme());
  return (
    <SharesBlock
      id="breakdown-solar"
      heading={t.rich("breakdown.solarProduced", { kwh: kwhText(shares.totalWh / 1000, true, locale), b })}
      listLabel={t("breakdown.solarParts")}
      shares={shares}
      colourOf={(p) => (p.kind === "self" ? c.solar : c.grid)}
      labelOf={(p) => (p.kind === "self" ? t("breakdown.selfConsumed") : t("breakdown.exported"))}
    />
  );
}

/**
 * A total, its parts as one horizontal bar (hidden from assistive technology: the list says it
 * all) and as a list: a swatch, the part, its kWh and its share.
 */
function SharesBlock({
  id,
  heading,
  listLabel,
  shares,
  colourOf,
  labelOf,
  children,
}: {
  id: string;
  heading: React.ReactNode;
  listLabel: string;
  shares: Shares;
  colourOf: (p: Part) => string;
  labelOf: (p: Part) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const locale = useLocale();
  const rows = shares.parts.map((p) => ({ ...p, colour: colourOf(p) }));
  return (
    <Box sx={{ minWidth: 0, display: "grid", gap: 1.25 }}>
      <Text id={id} sx={{ fontSize: "1.05rem", "& b": { fontWeight: 600, fontVariantNumeric: "tabular-nums" } }}>
        {heading}
      </Text>
      <Box aria-hidden sx={{ display: "flex", gap: "2px", height: 14, borderRadius: 1, overflow: "hidden", bgcolor: "action.hover" }}>
        {rows
          .filter((p) => p.share > 0)
          .map((p) => (
            <Box key={p.key} sx={{ flex: `${p.share} 1 0`, minWidth: 2, bgcolor: p.colour }} />
          ))}
      </Box>
      <Box component="ul" aria-label={listLabel} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", rowGap: 0.5, fontSize: 14 }}>
        {rows.map((p) => (
          <Box component="li" key={p.key} sx={{ display: "grid", gridTemplateColumns: "12px minmax(0, 1fr) auto 3.2em", columnGap: 1, alignItems: "baseline" }}>
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: p.colour, alignSelf: "center" }} />
            <Box component="span" sx={{ overflowWrap: "anywhere" }}>
              {labelOf(p)}
            </Box>
            <Box component="span" sx={{ fontWeight: 500, fontVariantNumeric: "tabular-nums", textAlign: "right" }}>
              {kwhText(p.wh / 1000, true, locale)}
            </Box>
            <Box component="span" sx={{ color: "text.secondary", fontVariantNumeric: "tabular-nums", textAlign: "right" }}>
              {pctText(p.share, locale)}
            </Box>
          </Box>
        ))}
      </Box>
      {children}
    </Box>
  );
}

/** Yesterday's clamps against Linky: a sentence, a warning when they disagree. */
function Reconciliation({ r }: { r: Answer["reconciliation"] }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const said = reconciliationText(t, locale, r);
  if (!said) return null;
  return said.disagree ? (
    <Notice severity="warning" role="note">
      {said.text}
    </Notice>
  ) : (
    <Text variant="body2" color="textSecondary">
      {said.text}
    </Text>
  );
}
