"use client";
// My Energy's period once the meter holds history: its charts (or tables) and cards. Loaded by
// next/dynamic from my-energy-view.tsx, so that a meter whose history is still on its way does
// without this code; the charts' code (uPlot) loads here only, after the page is interactive.
import dynamic from "next/dynamic";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { EnergyAnswer } from "@/lib/swr/use-energy";
import { ChartSkeleton } from "./chart-skeleton";
import type { ViewMode } from "./energy-controls";
import { CarbonCard, CheaperOptionCard, CostCard, TotalsCard, CardSkeleton } from "./energy-cards";
import { dayText, missingDaysText, parisToday, type Period } from "./period";

const chartsLoading = () => <ChartSkeleton label="Loading the chart" />;
const EnergyChart = dynamic(() => import("./energy-charts").then((m) => m.EnergyChart), { ssr: false, loading: chartsLoading });
const CostChart = dynamic(() => import("./energy-charts").then((m) => m.CostChart), { ssr: false, loading: chartsLoading });
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
        <Typography id={id} variant="h3" sx={{ fontSize: "1.05rem" }}>
          {title}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
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
  // days after yesterday are not missing, only not there yet
  const today = parisToday();
  const missing = data ? missingDaysText(data.totals.missing_days.filter((d) => d < today), data.from, data.to) : null;
  const empty = data !== null && data.totals.days_with_data === 0;
  const powerDays = data?.max_power?.days.some((d) => d.va !== null) ? data.max_power.days : null;
  const compared = data?.compare ? comparedLabel : null;

  return (
    <>
      <Panel id="energy-chart-title" title="Energy" note={data ? `kWh per ${unitOf(data.bucket)}` : undefined}>
        {!data ? (
          <ChartSkeleton label="Loading the period's energy" />
        ) : empty ? (
          <EmptyPeriod text="No readings for this period." />
        ) : mode === "table" ? (
          <EnergyTable data={data} comparedLabel={compared} />
        ) : (
          <EnergyChart data={data} periodDays={periodDays} comparedLabel={compared} />
        )}
        {missing && !empty && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {missing}: those days are left blank, not counted as zero.
          </Typography>
        )}
      </Panel>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
        {data ? <TotalsCard data={data} period={period} comparedLabel={compared} /> : <CardSkeleton title="Totals" />}
        {data ? <CostCard data={data} comparedLabel={compared} onTariff={onTariff} /> : <CardSkeleton title="Costs" />}
      </Box>
      {data?.cost && !empty && (
        <Panel id="cost-chart-title" title="Cost" note={`€ per ${unitOf(data.bucket)}`}>
          {mode === "table" ? <EnergyTable data={data} comparedLabel={compared} only="cost" /> : <CostChart data={data} periodDays={periodDays} comparedLabel={compared} />}
        </Panel>
      )}
      {powerDays && (
        <Panel id="power-chart-title" title="Maximum power" note={data?.max_power?.subscribed_kva ? `against your subscribed ${data.max_power.subscribed_kva} kVA` : undefined}>
          {powerDays.length > 1 &&
            (mode === "table" ? <PowerTable days={powerDays} subscribedKva={data!.max_power!.subscribed_kva} /> : <PowerChart days={powerDays} subscribedKva={data!.max_power!.subscribed_kva} />)}
          {data?.max_power?.peak && <PeakText peak={data.max_power.peak} kva={data.max_power.subscribed_kva} />}
        </Panel>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
        <CheaperOptionCard meterId={meterId} onTariff={onTariff} />
        {data ? <CarbonCard data={data} /> : <CardSkeleton title="Carbon" />}
      </Box>
    </>
  );
}

function PeakText({ peak, kva }: { peak: NonNullable<EnergyAnswer["max_power"]["peak"]>; kva: number | null }) {
  const time = peak.at ? new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(peak.at)) : null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      Peak of the period: <strong>{(peak.va / 1000).toFixed(2)} kVA</strong> on {dayText(peak.day)}
      {time ? ` at ${time}` : ""}
      {kva ? `, ${Math.round(peak.va / 10 / kva)} % of your subscribed ${kva} kVA` : ""}.
    </Typography>
  );
}

const unitOf = (bucket: EnergyAnswer["bucket"]) => ({ "30min": "half hour", hour: "hour", day: "day", month: "month" })[bucket];

function EmptyPeriod({ text }: { text: string }) {
  return (
    <Box sx={{ height: 300, display: "grid", placeItems: "center", color: "text.secondary", border: 1, borderStyle: "dashed", borderColor: "divider", borderRadius: 2, textAlign: "center", px: 2 }}>
      {text}
    </Box>
  );
}
