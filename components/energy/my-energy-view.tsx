"use client";
// My Energy: the stored history of the household's Linky meters as charts of kWh, what it cost,
// how it compares and how much CO2 it meant (docs/my-energy.md). The charts' code is loaded by
// next/dynamic here only.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import Link from "next/link";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import BoltOutlined from "@mui/icons-material/BoltOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import { EmptyState } from "@/components/ui/empty-state";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { ErrorState } from "@/components/ui/page-states";
import { periodCsv, periodCsvFilename, periodTable } from "@/lib/energy/period-table";
import type { MeterView } from "@/lib/serializers/meter";
import { useEnergy, type CompareKind, type EnergyAnswer } from "@/lib/swr/use-energy";
import { useMeters } from "@/lib/swr/use-meters";
import { ChartSkeleton } from "./chart-skeleton";
import { EnergyControls, type ViewMode } from "./energy-controls";
import { CarbonCard, CheaperOptionCard, CostCard, TotalsCard, CardSkeleton } from "./energy-cards";
import { addDays, dayText, daysBetween, missingDaysText, parisToday, periodOf, type Period } from "./period";
import { saveText } from "./save-file";

const chartsLoading = () => <ChartSkeleton label="Loading the chart" />;
const EnergyChart = dynamic(() => import("./energy-charts").then((m) => m.EnergyChart), { ssr: false, loading: chartsLoading });
const CostChart = dynamic(() => import("./energy-charts").then((m) => m.CostChart), { ssr: false, loading: chartsLoading });
const PowerChart = dynamic(() => import("./energy-charts").then((m) => m.PowerChart), { ssr: false, loading: chartsLoading });
// the table view and the tariff dialog (with its zod schema) load when asked for
const EnergyTable = dynamic(() => import("./energy-table").then((m) => m.EnergyTable), { ssr: false, loading: chartsLoading });
const PowerTable = dynamic(() => import("./energy-table").then((m) => m.PowerTable), { ssr: false, loading: chartsLoading });
// the sync panel, only while the meter's history is on its way
const MeterSync = dynamic(() => import("./meter-sync").then((m) => m.MeterSync), { ssr: false });
const TariffDialog = dynamic(() => import("./tariff-dialog").then((m) => m.TariffDialog), { ssr: false });

const COMPARE_KEY = "foyer.my-energy.compare";
const COMPARE_KINDS: CompareKind[] = ["none", "previous", "last_year"];
const COMPARED_LABEL: Record<CompareKind, string | null> = { none: null, previous: "Previous period", last_year: "Same period last year" };

/** The comparison saved in this browser ("none" when none is, or storage is out of reach). */
function savedCompare(): CompareKind {
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(COMPARE_KEY);
  } catch {}
  return COMPARE_KINDS.includes(saved as CompareKind) ? (saved as CompareKind) : "none";
}
const noSubscription = () => () => {};

/** The chosen comparison, remembered in this browser; null while hydrating (the server cannot know it). */
function useRememberedCompare(): [CompareKind | null, (c: CompareKind) => void] {
  const [chosen, setChosen] = useState<CompareKind | null>(null);
  const saved = useSyncExternalStore(noSubscription, savedCompare, () => null);
  const choose = (c: CompareKind) => {
    setChosen(c);
    try {
      window.localStorage.setItem(COMPARE_KEY, c);
    } catch {}
  };
  return [chosen ?? saved, choose];
}

/** The household's meters: the view of the chosen one, an empty state without any. */
export function MyEnergyView() {
  const { data: meters, error, isLoading, mutate } = useMeters();
  // Home's summary of one of several meters opens it (?meter=id)
  const asked = Number(useSearchParams().get("meter"));
  const [chosen, setChosen] = useState<number | null>(Number.isInteger(asked) && asked > 0 ? asked : null);
  // a stopped meter (unlinked, or made by an import) still shows the history it holds
  const live = meters?.filter((m) => m.sync.state !== "stopped" || m.sync.oldest_day !== null) ?? [];
  const meter = live.find((m) => m.id === chosen) ?? live[0] ?? null;

  if (error && !meters) return <ErrorState error={error} what="your meters" onRetry={() => mutate()} />;
  if (isLoading || !meters) return <ViewSkeleton />;
  if (!meter) {
    return (
      <EmptyState
        icon={BoltOutlined}
        title="No Linky meter linked yet"
        action={
          <Button variant="contained" component={Link} href="/integrations">
            Link your Linky meter
          </Button>
        }
      >
        Link your Linky meter and Foyer brings in its history: your consumption, your production, what it cost and its carbon footprint.
      </EmptyState>
    );
  }
  const picker =
    live.length > 1 ? (
      <NativeSelectField id="meter-picker" size="small" label="Meter" value={String(meter.id)} onChange={(e) => setChosen(Number(e.target.value))} sx={{ flex: { xs: "1 1 100%", sm: "0 1 420px" }, minWidth: 0 }}>
        {live.map((m) => (
          <option key={m.id} value={m.id}>
            {`Meter ${m.usage_point_id}${m.producer ? " (consumption and production)" : ""}`}
          </option>
        ))}
      </NativeSelectField>
    ) : null;
  return <MeterEnergy key={meter.id} meter={meter} picker={picker} />;
}

/** One meter: the period's controls, then its charts and cards. */
function MeterEnergy({ meter, picker }: { meter: MeterView; picker: React.ReactNode }) {
  const today = parisToday();
  const yesterday = addDays(today, -1);
  const newest = meter.sync.newest_day && meter.sync.newest_day < yesterday ? meter.sync.newest_day : yesterday;
  const [period, setPeriod] = useState<Period>(() => periodOf("month", newest));
  const [fine, setFine] = useState(false);
  const [mode, setMode] = useState<ViewMode>("chart");
  const [compare, setCompare] = useRememberedCompare();
  const [tariffOpen, setTariffOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [maxPoints, setMaxPoints] = useState<number | null>(null);

  useEffect(() => {
    // about one point per pixel of the chart (the server aggregates); steps of 50 px keep the answer cached
    const w = box.current?.clientWidth ?? 800;
    setMaxPoints(Math.min(5000, Math.max(50, Math.floor(w / 50) * 50)));
  }, []);

  const hasHistory = meter.sync.oldest_day !== null;
  const bucketChoice = fine && (period.kind === "day" || period.kind === "week") ? "30min" : "auto";
  const query = hasHistory && maxPoints !== null && compare !== null ? { from: period.from, to: period.to, bucket: bucketChoice, compare, maxPoints } as const : null;
  const { data, error, isLoading, mutate } = useEnergy(meter.id, query);

  // once a sync ends, the periods already shown may have gained days
  const syncState = meter.sync.state;
  const wasBusy = useRef(syncState === "queued" || syncState === "running");
  useEffect(() => {
    const busy = syncState === "queued" || syncState === "running";
    if (wasBusy.current && !busy) void mutate();
    wasBusy.current = busy;
  }, [syncState, mutate]);

  const stale = Boolean(data) && (data!.from !== period.from || data!.to !== period.to);
  const periodDays = daysBetween(period.from, period.to);
  const comparedLabel = compare ? COMPARED_LABEL[compare] : null;
  // the period on screen as CSV, built from the answer shown (the table's rows): only once it is
  // the answer of the period and comparison chosen, and holds readings
  const shown = data && !isLoading && !stale && data.totals.days_with_data > 0 ? data : null;
  const download = shown
    ? () => saveText(periodCsvFilename(shown), periodCsv(periodTable(shown, shown.compare ? comparedLabel : null), "fr"), "text/csv;charset=utf-8")
    : null;

  return (
    <Box ref={box} sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        {picker ?? (
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: "1.05rem", overflowWrap: "anywhere" }}>
            Meter {meter.usage_point_id}
          </Typography>
        )}
        <Button size="small" variant="outlined" startIcon={<TuneOutlined />} onClick={() => setTariffOpen(true)} sx={{ ml: "auto" }}>
          Tariff settings
        </Button>
      </Box>
      {(syncState === "queued" || syncState === "running" || !hasHistory) && <MeterSync meter={meter} compact />}
      <EnergyControls
        period={period}
        onPeriod={setPeriod}
        today={today}
        fine={fine}
        onFine={setFine}
        answerBucket={data?.bucket ?? null}
        compare={compare ?? "none"}
        onCompare={setCompare}
        mode={mode}
        onMode={setMode}
        onDownload={hasHistory ? download : null}
      />
      {!hasHistory ? (
        <Alert severity="info">Your meter&apos;s history is on its way from Enedis: the charts appear as soon as its first days are in.</Alert>
      ) : error && !data ? (
        <ErrorState error={error} what="this period's energy" onRetry={() => mutate()} />
      ) : (
        <Box aria-busy={isLoading || stale} sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2, opacity: stale ? 0.6 : 1, transition: "opacity .2s" }}>
          {error && <ErrorState error={error} what="this period's energy" onRetry={() => mutate()} />}
          <PeriodBody data={data ?? null} period={period} periodDays={periodDays} mode={mode} comparedLabel={comparedLabel} onTariff={() => setTariffOpen(true)} meterId={meter.id} />
        </Box>
      )}
      {tariffOpen && <TariffDialog meter={meter} onClose={() => setTariffOpen(false)} />}
    </Box>
  );
}

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
function PeriodBody({ data, period, periodDays, mode, comparedLabel, onTariff, meterId }: {
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

/** The whole view's place while the meters load. */
function ViewSkeleton() {
  return (
    <Box sx={{ display: "grid", gap: 2 }} aria-busy>
      <ChartSkeleton label="Loading your energy" />
    </Box>
  );
}
