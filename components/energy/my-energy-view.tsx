"use client";
// My Energy: the stored history of the household's Linky meters as charts of kWh, what it cost,
// how it compares and how much CO2 it meant (docs/my-energy.md). The period's charts and cards
// (period-body.tsx, and the charts' code from there) are loaded by next/dynamic.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { NextLink as Link } from "@/components/ui/next-link";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import BoltOutlined from "@mui/icons-material/BoltOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import { useTranslations } from "use-intl";
import { EmptyState } from "@/components/ui/empty-state";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { ErrorState } from "@/components/ui/page-states";
import type { MeterView } from "@/lib/serializers/meter";
import { useEnergy, type CompareKind } from "@/lib/swr/use-energy";
import { useMeters } from "@/lib/swr/use-meters";
import { ChartSkeleton } from "./chart-skeleton";
import { EnergyControls, type ViewMode } from "./energy-controls";
import { daysBetween, parisToday, periodOf, type Period } from "./period";
import { addDays } from "./format";
import { saveText } from "./save-file";
import { CommunityShare, HomesLikeMine } from "./community-cards";

function PeriodLoading() {
  const t = useTranslations("energy");
  return <ChartSkeleton label={t("loading.period")} />;
}
// the period's charts and cards, once the meter holds history (rendered on the server as before)
const PeriodBody = dynamic(() => import("./period-body").then((m) => m.PeriodBody), { loading: () => <PeriodLoading /> });
// the sync panel, only while the meter's history is on its way
const MeterSync = dynamic(() => import("./meter-sync").then((m) => m.MeterSync), { ssr: false });
// the tariff dialog (with its zod schema) loads when asked for
const TariffDialog = dynamic(() => import("./tariff-dialog").then((m) => m.TariffDialog), { ssr: false });
// where the energy went, from the household's devices on MQTT: the page's last section, shown once
// its answer says the household has such devices
// the Linky's TIC, live, for a household with a TIC reader
const MeterLive = dynamic(() => import("./meter-live").then((m) => m.MeterLive), { ssr: false });
const EnergyBreakdown = dynamic(() => import("./energy-breakdown").then((m) => m.EnergyBreakdown), { ssr: false });

const COMPARE_KEY = "foyer.my-energy.compare";
const COMPARE_KINDS: CompareKind[] = ["none", "previous", "last_year"];

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
  const t = useTranslations("energy");
  const { data: meters, error, isLoading, mutate } = useMeters();
  // Home's summary of one of several meters opens it (?meter=id)
  const asked = Number(useSearchParams().get("meter"));
  const [chosen, setChosen] = useState<number | null>(Number.isInteger(asked) && asked > 0 ? asked : null);
  // a stopped meter (unlinked, or made by an import) still shows the history it holds
  const live = meters?.filter((m) => m.sync.state !== "stopped" || m.sync.oldest_day !== null) ?? [];
  const meter = live.find((m) => m.id === chosen) ?? live[0] ?? null;

  if (error && !meters) return <ErrorState error={error} what={t("view.whatMeters")} onRetry={() => mutate()} />;
  if (isLoading || !meters) return <ViewSkeleton />;
  if (!meter) {
    // without a Linky meter, what the household's devices measured this month, under the empty state
    return (
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2 }}>
        <EmptyState
          icon={BoltOutlined}
          title={t("view.emptyTitle")}
          action={
            <Button variant="contained" component={Link} href="/integrations">
              {t("view.emptyAction")}
            </Button>
          }
        >
          {t("view.emptyText")}
        </EmptyState>
        <EnergyBreakdown period={periodOf("month", parisToday())} />
      </Box>
    );
  }
  const picker =
    live.length > 1 ? (
      <NativeSelectField id="meter-picker" size="small" label={t("view.meter")} value={String(meter.id)} onChange={(e) => setChosen(Number(e.target.value))} sx={{ flex: { xs: "1 1 100%", sm: "0 1 420px" }, minWidth: 0 }}>
        {live.map((m) => (
          <option key={m.id} value={m.id}>
            {t(m.producer ? "view.meterOptionProducer" : "view.meterOption", { id: m.usage_point_id })}
          </option>
        ))}
      </NativeSelectField>
    ) : null;
  return <MeterEnergy key={meter.id} meter={meter} picker={picker} />;
}

/** One meter: the period's controls, then its charts and cards. */
function MeterEnergy({ meter, picker }: { meter: MeterView; picker: React.ReactNode }) {
  const t = useTranslations("energy");
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
  const comparedLabel = compare && compare !== "none" ? t(`compare.${compare}`) : null;
  // the period on screen as CSV, built from the answer shown (the table's rows): only once it is
  // the answer of the period and comparison chosen, and holds readings (the CSV's code loads with
  // the first download)
  const shown = data && !isLoading && !stale && data.totals.days_with_data > 0 ? data : null;
  const download = shown
    ? () =>
        void import("@/lib/energy/period-table").then(({ periodCsv, periodCsvFilename, periodTable }) =>
          saveText(periodCsvFilename(shown), periodCsv(periodTable(shown, shown.compare ? comparedLabel : null), "fr"), "text/csv;charset=utf-8"),
        )
    : null;

  return (
    <Box ref={box} sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        {picker ?? (
          <Text component="h2" sx={{ fontWeight: 600, fontSize: "1.05rem", overflowWrap: "anywhere" }}>
            {t("view.meterTitle", { id: meter.usage_point_id })}
          </Text>
        )}
        <Button size="small" variant="outlined" startIcon={<TuneOutlined />} onClick={() => setTariffOpen(true)} sx={{ ml: "auto" }}>
          {t("view.tariff")}
        </Button>
      </Box>
      {(syncState === "queued" || syncState === "running" || !hasHistory) && <MeterSync meter={meter} compact />}
      <MeterLive prm={meter.usage_point_id} several={Boolean(picker)} />
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
        <Notice severity="info">{t("view.onItsWay")}</Notice>
      ) : error && !data ? (
        <ErrorState error={error} what={t("view.whatPeriod")} onRetry={() => mutate()} />
      ) : (
        <Box aria-busy={isLoading || stale} sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2, opacity: stale ? 0.6 : 1, transition: "opacity .2s" }}>
          {error && <ErrorState error={error} what={t("view.whatPeriod")} onRetry={() => mutate()} />}
          <PeriodBody data={data ?? null} period={period} periodDays={periodDays} mode={mode} comparedLabel={comparedLabel} onTariff={() => setTariffOpen(true)} meterId={meter.id} />
        </Box>
      )}
      <EnergyBreakdown period={period} />
      <HomesLikeMine />
      <CommunityShare />
      {tariffOpen && <TariffDialog meter={meter} onClose={() => setTariffOpen(false)} />}
    </Box>
  );
}

/** The whole view's place while the meters load. */
function ViewSkeleton() {
  const t = useTranslations("energy");
  return (
    <Box sx={{ display: "grid", gap: 2 }} aria-busy>
      <ChartSkeleton label={t("loading.view")} />
    </Box>
  );
}
