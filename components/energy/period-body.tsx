"use client";
// My Energy's period once the meter holds history: its charts (or tables) and cards. Loaded by
// next/dynamic from my-energy-view.tsx, so that a meter whose history is still on its way does
// without this code; the charts' code (uPlot) loads here only, after the page is interactive.
import dynamic from "next/dynamic";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import type { EnergyAnswer } from "@/lib/swr/use-energy";
import { ChartSkeleton } from "./chart-skeleton";
import type { ViewMode } from "./energy-controls";
import { CarbonCard, CheaperOptionCard, CostCard, TotalsCard, CardSkeleton } from "./energy-cards";
import { dayText, missingDaysText, parisTimeText, parisToday, type Period } from "./period";

function ChartsLoading() {
  const t = useTranslations("energy");
  return <ChartSkeleton label={t("loading.chart")} />;
}
const chartsLoading = () => <ChartsLoading />;
const EnergyChart = dynamic(() => import("./energy-charts").then((m) => m.EnergyChart), { ssr: false, loading: chartsLoading });
const CostChart = dynamic(() => import("./energy-charts").then((m) => m.CostChart), { ssr: false, loading: chartsLoading });
const CarbonChart = dynamic(() => import("./energy-charts").then((m) => m.CarbonChart), { ssr: false, loading: chartsLoading });
const PowerChart = dynamic(() => import("./energy-charts").then((m) => m.PowerChart), { ssr: false, loading: chartsLoading });
// the table view loads when asked for
const EnergyTable = dynamic(() => import("./energy-table").then((m) => m.EnergyTable), { ssr: false, loading: chartsLoading });
const PowerTable = dynamic(() => import("./energy-table").then((m) => m.PowerTable), { ssr: false, loading: chartsLoading });

const section = { p: { xs: 1.5, sm: 2.5 }, borderRadius: 3, minWidth: 0 } as const;

/** A titled panel of the view (a region named by its title). */
function Panel({ id, title, children, note }: { id: string; title: string; children: React.ReactNode; note?: React.ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={section}>
      <Box sx={{ display: "flex", alignItems: "baseline", flexWrap: "wrap", columnGap: 1.5, mb: 1.5 }}>
        <Text id={id} variant="h3" sx={{ fontSize: "1.05rem" }}>
          {title}
        </Text>
        {note && (
          <Text variant="body2" color="textSecondary">
            {note}
          </Text>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/** The period's charts (or tables) and cards; skeletons of the same size while the first answer loads. */
export function PeriodBody({ data, period, periodDays, mode, comparedLabel, onTariff, meterId }: {
  data: EnergyAnswer | null;
  period: Period;
  periodDays: number;
  mode: ViewMode;
  comparedLabel: string | null;
  onTariff: () => void;
  meterId: number;
}) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const format = useFormatter();
  // days after yesterday are not missing, only not there yet
  const today = parisToday();
  const missing = data ? missingDaysText(t, locale, data.totals.missing_days.filter((d) => d < today), data.from, data.to) : null;
  const empty = data !== null && data.totals.days_with_data === 0;
  const powerDays = data?.max_power?.days.some((d) => d.va !== null) ? data.max_power.days : null;
  const compared = data?.compare ? comparedLabel : null;

  return (
    <>
      <Panel id="energy-chart-title" title={t("body.energy")} note={data ? t(`body.kwhPer.${data.bucket}`) : undefined}>
        {!data ? (
          <ChartSkeleton label={t("loading.period")} />
        ) : empty ? (
          <EmptyPeriod text={t("body.noReadings")} />
        ) : mode === "table" ? (
          <EnergyTable data={data} comparedLabel={compared} />
        ) : (
          <EnergyChart data={data} periodDays={periodDays} comparedLabel={compared} />
        )}
        {missing && !empty && (
          <Text variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {t("body.missing", { missing })}
          </Text>
        )}
      </Panel>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
        {data ? <TotalsCard data={data} period={period} comparedLabel={compared} /> : <CardSkeleton title={t("cards.totals")} />}
        {data ? <CostCard data={data} comparedLabel={compared} onTariff={onTariff} /> : <CardSkeleton title={t("cards.costs")} />}
      </Box>
      {data?.cost && !empty && (
        <Panel id="cost-chart-title" title={t("body.cost")} note={t(`body.eurPer.${data.bucket}`)}>
          {mode === "table" ? <EnergyTable data={data} comparedLabel={compared} only="cost" /> : <CostChart data={data} periodDays={periodDays} comparedLabel={compared} />}
        </Panel>
      )}
      {powerDays && (
        <Panel id="power-chart-title" title={t("body.maxPower")} note={data?.max_power?.subscribed_kva ? t("body.againstSubscribed", { kva: format.number(data.max_power.subscribed_kva) }) : undefined}>
          {powerDays.length > 1 &&
            (mode === "table" ? <PowerTable days={powerDays} subscribedKva={data!.max_power!.subscribed_kva} /> : <PowerChart days={powerDays} subscribedKva={data!.max_power!.subscribed_kva} />)}
          {data?.max_power?.peak && <PeakText peak={data.max_power.peak} kva={data.max_power.subscribed_kva} />}
        </Panel>
      )}
      {data?.carbon.available && !empty && (
        <Panel id="carbon-chart-title" title={t("body.carbon")} note={data.carbon.estimated ? t("body.kgPerEstimated", { unit: t(`body.kgPer.${data.bucket}`) }) : t(`body.kgPer.${data.bucket}`)}>
          {mode === "table" ? <EnergyTable data={data} comparedLabel={compared} only="carbon" /> : <CarbonChart data={data} periodDays={periodDays} comparedLabel={compared} />}
        </Panel>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
        <CheaperOptionCard meterId={meterId} onTariff={onTariff} />
        {data ? <CarbonCard data={data} comparedLabel={compared} /> : <CardSkeleton title={t("cards.carbon")} />}
      </Box>
    </>
  );
}

function PeakText({ peak, kva }: { peak: NonNullable<EnergyAnswer["max_power"]["peak"]>; kva: number | null }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const format = useFormatter();
  const values = {
    power: format.number(peak.va / 1000, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    day: dayText(peak.day, locale),
    time: peak.at ? parisTimeText(peak.at) : "",
    pct: kva ? Math.round(peak.va / 10 / kva) : 0,
    kva: kva ? format.number(kva) : "",
    strong: (chunks: React.ReactNode) => <strong>{chunks}</strong>,
  };
  const key = peak.at ? (kva ? "body.peakAtOf" : "body.peakAt") : kva ? "body.peakOf" : "body.peak";
  return (
    <Text variant="body2" color="textSecondary" sx={{ mt: 1 }}>
      {t.rich(key, values)}
    </Text>
  );
}

function EmptyPeriod({ text }: { text: string }) {
  return (
    <Box sx={{ height: 300, display: "grid", placeItems: "center", color: "text.secondary", border: 1, borderStyle: "dashed", borderColor: "divider", borderRadius: 2, textAlign: "center", px: 2 }}>
      {text}
    </Box>
  );
}
