"use client";
// The community's operation in the back-office (issue 51, app/api/v1/community): the operator reads
// the operation's energy over a period (its rates, the surplus by month and hour of day, the
// flexible power by hour), its members with their dated entries and exits, sets the allocation key,
// the local price and the monthly shares (simulating the three keys side by side, downloading the
// coefficient file for Enedis), and imports Enedis' ACC figures to reconcile them with Foyer's.
// A screen of its own (no react-admin List): each tab fetches the API as flex-offers.tsx does, with
// the session's cookie; the chart is My Energy's bar chart, fetched with next/dynamic the first
// time it is shown. The tab and the period are in the address (#/community?tab=members&period=...).
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Title, useLocation, useNavigate, useNotify } from "react-admin";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import DownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import UploadIcon from "@mui/icons-material/FileUploadOutlined";
import type { Series, Spec } from "@/components/energy/bars/spec";
import { ChartSkeleton } from "@/components/energy/chart-skeleton";
import { chartColours, useSchemeTheme } from "@/components/energy/chart-theme";
import { eurText, kwhText, pctText, percentSpace, rangeText } from "@/components/energy/format";
import { saveText } from "@/components/energy/save-file";
import { useApiText } from "@/components/i18n/api-texts";
import { dayText, parisDayTimeText, SHORT_MONTHS } from "@/components/ui/dates";
import { fixedText } from "@/components/ui/numbers";
import { Placeholder } from "@/components/ui/placeholder";
import { ALLOCATION_KEYS, type AllocationKey } from "@/lib/community/keys";
import { findingsCsv, flexByHourCsv, heatmapCsv, reconciliationCsv, simulationKeysCsv, simulationMembersCsv, type CsvFile } from "@/lib/community/tables-csv";
import type {
  FlexByHourView, ImportView, MembershipView, MemberView, ReconciliationView, SettingsView, SharesView, SimulationView, SummaryView,
} from "@/lib/serializers/community";
import type { Locale } from "@/lib/shared/locale.mjs";
import { addDays, addMonths, daysBetween, isDay, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { useSmallScreen } from "./small-screen";

type Period = { from: string; to: string };
type Bucket = "day" | "month";
type Role = MemberView["role"];
type Finding = ReconciliationView["findings"][number];
type UserOption = { id: number; email: string; first_name: string | null; last_name: string | null };

const TABS = ["overview", "members", "keys", "enedis"] as const;
type TabName = (typeof TABS)[number];
const PERIOD_KINDS = ["last12", "year", "month", "custom"] as const;
type PeriodKind = (typeof PERIOD_KINDS)[number];
const ROLES = ["consumer", "producer", "both"] as const satisfies readonly Role[];
/** The findings of a reconciliation said in the catalog (any other code: the API's English text). */
const FINDINGS = ["unknown_meter", "not_member", "foyer_missing_days", "consumption_gap", "allocation_gap", "production_gap", "missing_in_file"] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** The longest period one request covers (lib/validation/community.ts, MAX_PERIOD_DAYS). */
const MAX_DAYS = 732;
/** The highest local price the API takes, € per kWh (lib/validation/community.ts). */
const MAX_PRICE = 5;

/** Read by screen readers, not shown (a heatmap cell's figure). */
const unseen = { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } as const;
/** A wide table's box: it scrolls sideways, and takes the keyboard's focus so that it can be scrolled without a mouse. */
const scroller = { position: "relative", overflowX: "auto", WebkitOverflowScrolling: "touch", "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 } } as const;
/** A figure in a table: its digits aligned, on one line. */
const figure = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
/** A column that starts a group (a key's, Enedis' and Foyer's figures of one kind). */
const divided = { borderLeft: 1, borderLeftColor: "divider" } as const;

/** A table's header cell (a column's, or a row's with scope="row"). */
function Th({ children, scope = "col", ...props }: React.ComponentProps<typeof TableCell> & { scope?: "col" | "row" | "colgroup" }) {
  return (
    <TableCell component="th" scope={scope} {...props}>
      {children}
    </TableCell>
  );
}

function ChartLoading() {
  const t = useTranslations("admin.community");
  return <ChartSkeleton label={t("loadingChart")} />;
}
const Bars = dynamic(() => import("@/components/energy/bars/bars").then((m) => m.Bars), { ssr: false, loading: () => <ChartLoading /> });

// ---------------------------------------------------------------------------------------------
// Words and numbers

const space = (locale: Locale) => (locale === "fr" ? "\u00a0" : " ");
/** kW with the digits that matter: 0.38 kW, 12.4 kW. */
const kwText = (kw: number, locale: Locale) => `${fixedText(kw, Math.abs(kw) < 10 ? 2 : 1, locale)}${space(locale)}kW`;
/** "Jun 2026", "juin 2026". */
const monthText = (month: string, locale: Locale) => `${SHORT_MONTHS[locale][Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** An hour of the day, Paris time: "18:00–19:00". */
const hourText = (h: number) => `${String(h).padStart(2, "0")}:00–${String((h + 1) % 24).padStart(2, "0")}:00`;
const isMonth = (s: string | null | undefined): s is string => !!s && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);
const firstOf = (month: string) => `${month}-01`;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

function useWords() {
  const t = useTranslations("admin.community");
  const locale = useLocale();
  return {
    t,
    locale,
    kwh: (wh: number | null | undefined) => (wh === null || wh === undefined ? "–" : kwhText(wh / 1000, true, locale)),
    pct: (rate: number | null | undefined) => pctText(rate, locale),
    eur: (v: number | null | undefined) => eurText(v, false, locale),
    kw: (v: number) => kwText(v, locale),
    count: (n: number) => fixedText(n, 0, locale),
    date: (day: string | null) => (day ? dayText(new Date(`${day}T00:00:00`), locale) : "–"),
    month: (m: string) => monthText(m, locale),
    /** [from, to) in words, its last day included: "1 Jun 2025 – 31 May 2026". */
    range: (p: Period) => rangeText(p.from, addDays(p.to, -1), true, locale),
  };
}

// ---------------------------------------------------------------------------------------------
// The API

/** A refusal of the API: its `detail` ({"detail": "..."}), null when it gave none or did not answer. */
class Refused extends Error {
  constructor(readonly detail: string | null) {
    super(detail ?? "refused");
  }
}
const detailOf = (e: unknown) => (e instanceof Refused ? e.detail : null);

/** A call to the API with the session's cookie: its JSON answer, or a Refused with its detail. */
async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "same-origin", headers: { Accept: "application/json", ...(init.headers as Record<string, string> | undefined) } });
  } catch {
    throw new Refused(null);
  }
  if (!res.ok) throw new Refused(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? null);
  return (await res.json()) as T;
}
const send = <T,>(url: string, method: "POST" | "PUT", body: unknown) => api<T>(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/**
 * An answer of the API, fetched again when its address changes or on `reload()`: another address's
 * answer is not shown while this one's loads; the same address's stays until the new one comes.
 */
function useApi<T>(url: string | null) {
  const [stamp, setStamp] = useState(0);
  const [state, setState] = useState<{ url: string; data: T | null; failed: boolean; detail: string | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    api<T>(url).then(
      (data) => live && setState({ url, data, failed: false, detail: null }),
      (e: unknown) => live && setState({ url, data: null, failed: true, detail: detailOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [url, stamp]);
  const current = url && state?.url === url ? state : null;
  const reload = useCallback(() => setStamp((s) => s + 1), []);
  /** The answer an update gave back, shown at once. */
  const replace = useCallback((data: T) => url && setState({ url, data, failed: false, detail: null }), [url]);
  return { data: current?.data ?? null, failed: current?.failed ?? false, detail: current?.detail ?? null, loading: !!url && !current, reload, replace };
}

/** A file the API writes, fetched (to say why when it refuses: a 409's detail) and then saved. */
async function download(url: string, fallbackName: string) {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new Refused(null);
  }
  if (!res.ok) throw new Refused(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? null);
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The API's refusal in an Alert: its detail (in the page's language when the catalog knows it), else `fallback`. */
function Failure({ detail, fallback }: { detail: string | null; fallback: string }) {
  const text = useApiText();
  return <Alert severity="error">{detail ? text(detail) : fallback}</Alert>;
}

// ---------------------------------------------------------------------------------------------
// The address: the tab and the period, in the hash route's query (#/community?tab=members)

function useHashQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );
  return [params, set] as const;
}

const pick = <T extends string>(v: string | null, values: readonly T[], fallback: T): T => (values.find((x) => x === v) ?? fallback);

type PeriodState = {
  kind: PeriodKind;
  month: string;
  from: string;
  /** the custom period's last day (included) */
  until: string;
  by: Bucket;
  /** the period the API is asked for, null when the custom one is not one */
  period: Period | null;
  problem: "order" | "long" | null;
  set: (changes: Record<string, string | null>) => void;
};

/** The period of the overview and the members (the same for both), from the address. */
function usePeriod(today: string): PeriodState {
  const [params, set] = useHashQuery();
  const thisMonth = firstOf(today.slice(0, 7));
  const last12 = { from: addMonths(thisMonth, -12), to: thisMonth };
  const kind = pick(params.get("period"), PERIOD_KINDS, "last12");
  const monthParam = params.get("month");
  const month = isMonth(monthParam) ? monthParam : addMonths(thisMonth, -1).slice(0, 7);
  const fromParam = params.get("from") ?? "";
  const untilParam = params.get("until") ?? "";
  const from = isDay(fromParam) ? fromParam : last12.from;
  const until = isDay(untilParam) ? untilParam : addDays(last12.to, -1);
  const by = pick(params.get("by"), ["day", "month"] as const, kind === "month" ? "day" : "month");
  let period: Period | null;
  let problem: PeriodState["problem"] = null;
  if (kind === "last12") period = last12;
  else if (kind === "year") period = { from: `${today.slice(0, 4)}-01-01`, to: addDays(today, 1) };
  else if (kind === "month") period = { from: firstOf(month), to: addMonths(firstOf(month), 1) };
  else {
    period = { from, to: addDays(until, 1) };
    if (until < from) problem = "order";
    else if (daysBetween(period.from, period.to) > MAX_DAYS) problem = "long";
    if (problem) period = null;
  }
  return { kind, month, from, until, by, period, problem, set };
}

/** Months from `ahead` months after `today`'s back to `back` months before, newest first (and `value`, wherever it is). */
function monthChoices(today: string, back: number, ahead: number, value: string) {
  const first = firstOf(today.slice(0, 7));
  const months = Array.from({ length: back + ahead + 1 }, (_, i) => addMonths(first, ahead - i).slice(0, 7));
  return months.includes(value) ? months : [value, ...months].sort().reverse();
}

/** A month among a few years' (a select: the browsers' month inputs differ too much). */
function MonthSelect({ label, value, onChange, today, back = 36, ahead = 0 }: { label: string; value: string; onChange: (m: string) => void; today: string; back?: number; ahead?: number }) {
  const { month } = useWords();
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 160 }}>
      {monthChoices(today, back, ahead, value).map((m) => (
        <MenuItem key={m} value={m}>
          {month(m)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DayField({ label, value, onChange, min, max, error, helperText }: { label: string; value: string; onChange: (day: string) => void; min?: string; max?: string; error?: boolean; helperText?: string }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
      sx={{ width: { xs: "100%", sm: 180 } }}
    />
  );
}

/** The period: the last 12 complete months, this year, a month, or from one day to another; and, for the overview, by month or day. */
function PeriodPicker({ state, today, withBucket }: { state: PeriodState; today: string; withBucket?: boolean }) {
  const { t, range } = useWords();
  const { kind, set } = state;
  const problem = state.problem === "order" ? t("period.order") : state.problem === "long" ? t("period.tooLong", { days: MAX_DAYS }) : undefined;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ alignItems: { sm: "flex-start" }, flexWrap: "wrap" }}>
        <TextField select size="small" label={t("period.label")} value={kind} onChange={(e) => set({ period: e.target.value, by: null })} sx={{ minWidth: 200 }}>
          {PERIOD_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`period.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        {kind === "month" && <MonthSelect label={t("month")} value={state.month} onChange={(m) => set({ month: m })} today={today} />}
        {kind === "custom" && (
          <>
            <DayField label={t("period.from")} value={state.from} onChange={(d) => set({ from: d || null })} max={today} />
            <DayField label={t("period.until")} value={state.until} onChange={(d) => set({ until: d || null })} min={state.from} error={!!problem} helperText={problem} />
          </>
        )}
        {withBucket && (
          <ToggleButtonGroup size="small" exclusive value={state.by} onChange={(_, v: Bucket | null) => v && set({ by: v })} aria-label={t("period.by")} sx={{ "& .MuiToggleButton-root": { textTransform: "none" } }}>
            <ToggleButton value="month">{t("period.byMonth")}</ToggleButton>
            <ToggleButton value="day">{t("period.byDay")}</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      {state.period && (
        <Typography variant="body2" color="textSecondary">
          {range(state.period)}
        </Typography>
      )}
    </Stack>
  );
}

/** A file the API writes, as a plain link: the browser sends the session's cookie (nothing to download yet: a disabled button). */
function DownloadLink({ href, label, disabled }: { href: string; label: string; disabled?: boolean }) {
  const props = { size: "small", variant: "outlined", startIcon: <DownloadIcon />, sx: { flexShrink: 0 } } as const;
  return disabled ? (
    <Button {...props} disabled>
      {label}
    </Button>
  ) : (
    <Button {...props} href={href} download>
      {label}
    </Button>
  );
}

/** A table shown, saved as CSV from what the page holds (nothing asked of the server): the file is written on click. */
function SaveCsvButton({ label, file }: { label: string; file: () => CsvFile }) {
  const save = () => {
    const f = file();
    saveText(f.name, f.text, "text/csv;charset=utf-8");
  };
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={save} sx={{ flexShrink: 0 }}>
      {label}
    </Button>
  );
}

function Heading({ id, children, level = 2 }: { id?: string; children: React.ReactNode; level?: 2 | 3 }) {
  return (
    <Typography id={id} component={level === 2 ? "h2" : "h3"} variant={level === 2 ? "h6" : "subtitle1"} sx={{ fontWeight: level === 3 ? 600 : undefined, mb: 1 }}>
      {children}
    </Typography>
  );
}

// ---------------------------------------------------------------------------------------------
// Overview

function Kpis({ summary }: { summary: SummaryView }) {
  const { t, kwh, pct, count } = useWords();
  const x = summary.totals;
  const cards: [string, string, string?][] = [
    [t("kpi.consumption"), kwh(x?.consumption_wh)],
    [t("kpi.production"), kwh(x?.production_wh)],
    [t("kpi.selfConsumption"), pct(x?.self_consumption), t("kpi.selfConsumptionHint")],
    [t("kpi.selfSufficiency"), pct(x?.self_sufficiency), t("kpi.selfSufficiencyHint")],
    [t("kpi.surplus"), kwh(x?.surplus_wh), t("kpi.surplusHint")],
    [t("kpi.members"), count(summary.members)],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gap: 1.5, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(3, minmax(0, 1fr))", xl: "repeat(6, minmax(0, 1fr))" } }}>
      {cards.map(([label, value, hint]) => (
        <Box key={label} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: "tabular-nums" }}>
            {value}
          </Typography>
          {hint && (
            <Typography component="dd" variant="caption" color="textSecondary" sx={{ m: 0, display: "block" }}>
              {hint}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

function KpisLoading() {
  const { t } = useWords();
  return (
    <Box role="status" aria-label={t("loading")} sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(3, minmax(0, 1fr))", lg: "repeat(6, minmax(0, 1fr))" } }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Placeholder key={i} height={84} />
      ))}
    </Box>
  );
}

/** Consumption, production and the production used inside the community, per bucket. */
function EnergyChart({ summary, period }: { summary: SummaryView; period: Period }) {
  const { t, locale } = useWords();
  const theme = useSchemeTheme();
  const spec = useMemo((): Spec => {
    const c = chartColours(theme);
    const rows = summary.series;
    const by = summary.by;
    const format = (v: number | null) => kwhText(v, true, locale);
    const series: Series[] = [
      { id: "consumption", label: t("series.consumption"), data: rows.map((r) => r.consumption_wh / 1000), color: c.consumption, format },
      { id: "production", label: t("series.production"), data: rows.map((r) => r.production_wh / 1000), color: c.production, format },
      { id: "selfConsumed", label: t("series.selfConsumed"), data: rows.map((r) => r.self_consumed_wh / 1000), color: c.carbon, format },
    ];
    const top = Math.max(0, ...rows.flatMap((r) => [r.consumption_wh, r.production_wh])) / 1000;
    return {
      title: t("chart.title", { range: rangeText(period.from, addDays(period.to, -1), true, locale) }),
      locale,
      live: (bucket, values) => t("chart.live", { bucket, values }),
      series,
      starts: rows.map((r) => new Date(parisDayStart(r.start)).toISOString()),
      ends: rows.map((r) => new Date(parisDayStart(by === "month" ? addMonths(r.start, 1) : addDays(r.start, 1))).toISOString()),
      bucket: by,
      periodDays: daysBetween(period.from, period.to),
      yLabel: "kWh",
      yFormat: (v) => fixedText(v, top < 10 ? 1 : 0, locale),
    };
  }, [summary, period, theme, t, locale]);
  return <Bars spec={spec} />;
}

/** The surplus by month and hour of day: a table (a screen reader reads its figures), each cell as dark as its surplus is large. */
function Heatmap({ summary }: { summary: SummaryView }) {
  const { t, kwh, month } = useWords();
  const heatmap = summary.heatmap;
  const theme = useSchemeTheme();
  const colour = theme.palette.secondary.main;
  const max = Math.max(0, ...heatmap.flatMap((r) => r.surplus_wh));
  if (max <= 0) return <Typography color="textSecondary">{t("heatmap.none")}</Typography>;
  return (
    <>
      <Box sx={scroller} tabIndex={0}>
        <Table size="small" sx={{ tableLayout: "fixed", minWidth: 96 + 24 * 30, "& td, & th": { px: 0.25, py: 0.5, borderBottom: 0 }, "& td": { border: 1, borderColor: "background.paper", height: 28 } }}>
          <caption>{t("heatmap.caption")}</caption>
          <TableHead>
            <TableRow>
              <Th sx={{ width: 96 }}>{t("heatmap.month")}</Th>
              {HOURS.map((h) => (
                <Th key={h} align="center" title={hourText(h)} sx={{ fontVariantNumeric: "tabular-nums", typography: "caption" }}>{h}</Th>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {heatmap.map((row) => (
              <TableRow key={row.month}>
                <Th scope="row" sx={{ whiteSpace: "nowrap" }}>{month(row.month)}</Th>
                {row.surplus_wh.map((wh, h) => (
                  <TableCell key={h} title={t("heatmap.cell", { month: month(row.month), hour: hourText(h), value: kwh(wh) })} sx={{ bgcolor: wh > 0 ? alpha(colour, 0.08 + (0.92 * wh) / max) : "transparent" }}>
                    <Box component="span" sx={unseen}>
                      {kwh(wh)}
                    </Box>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", mt: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} aria-hidden>
          <Typography variant="caption" color="textSecondary">
            {kwh(0)}
          </Typography>
          <Box sx={{ width: 120, height: 10, borderRadius: 0.5, background: `linear-gradient(to right, ${alpha(colour, 0.08)}, ${colour})` }} />
          <Typography variant="caption" color="textSecondary">
            {kwh(max)}
          </Typography>
        </Stack>
        <SaveCsvButton label={t("heatmap.download")} file={() => heatmapCsv(summary)} />
      </Stack>
    </>
  );
}

type FlexHour = FlexByHourView["hours"][number];

/**
 * The flexible power the households offered, had accepted and delivered, by hour of day: the
 * busiest hour of each direction in words, the 24 hours in a table below (as flex-offers.tsx's
 * figures per day).
 */
function FlexByHour({ period }: { period: Period }) {
  const { t, kw } = useWords();
  const flex = useApi<FlexByHourView>(`/api/v1/community/flex_by_hour?${query({ from: period.from, to: period.to })}`);
  if (flex.loading) return <Placeholder label={t("loading")} height={80} />;
  if (flex.failed || !flex.data) return <Failure detail={flex.detail} fallback={t("loadFailed")} />;
  const f = flex.data;
  if (f.withheld) return <Alert severity="info">{t("flex.withheld", { min: f.min_group })}</Alert>;
  const hours: FlexHour[] = f.hours;
  const columns: [string, (h: FlexHour) => number][] = [
    [t("flex.downOffered"), (h) => h.down_offered_kw],
    [t("flex.downAccepted"), (h) => h.down_accepted_kw],
    [t("flex.upOffered"), (h) => h.up_offered_kw],
    [t("flex.upAccepted"), (h) => h.up_accepted_kw],
    [t("flex.delivered"), (h) => h.delivered_kw],
  ];
  const peak = (direction: "down" | "up", offered: (h: FlexHour) => number, accepted: (h: FlexHour) => number) => {
    const top = hours.reduce<FlexHour | null>((best, h) => (offered(h) > (best ? offered(best) : 0) ? h : best), null);
    return top && t("flex.peak", { direction: t(`flex.${direction}`), offered: kw(offered(top)), hour: hourText(top.hour), accepted: kw(accepted(top)) });
  };
  const lines = [peak("down", (h) => h.down_offered_kw, (h) => h.down_accepted_kw), peak("up", (h) => h.up_offered_kw, (h) => h.up_accepted_kw)].filter(Boolean);
  if (!lines.length) return <Typography color="textSecondary">{t("flex.none")}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.25, typography: "body2" }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Box component="details" sx={{ mt: 1, "& > summary": { cursor: "pointer", color: "text.secondary", typography: "body2", py: 0.5 } }}>
        <summary>{t("flex.table")}</summary>
        <Box sx={scroller} tabIndex={0}>
          <Table size="small" sx={{ maxWidth: 760, "& td, & th": { whiteSpace: "nowrap" } }}>
            <caption>{t("flex.caption", { households: f.households, days: f.days ?? 0 })}</caption>
            <TableHead>
              <TableRow>
                <Th>{t("flex.hour")}</Th>
                {columns.map(([label]) => (
                  <Th key={label} align="right">
                    {label}
                  </Th>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {hours.map((h) => (
                <TableRow key={h.hour}>
                  <Th scope="row">{hourText(h.hour)}</Th>
                  {columns.map(([label, value]) => (
                    <TableCell key={label} align="right" sx={figure}>
                      {kw(value(h))}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
      <Box sx={{ mt: 1 }}>
        <SaveCsvButton label={t("flex.download")} file={() => flexByHourCsv(hours, period)} />
      </Box>
    </>
  );
}

function Overview({ state, today }: { state: PeriodState; today: string }) {
  const { t } = useWords();
  const { period, by } = state;
  const params = period ? { from: period.from, to: period.to, by } : null;
  const summary = useApi<SummaryView>(params ? `/api/v1/community/summary?${query(params)}` : null);
  const s = summary.data;
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { md: "flex-start" } }}>
        <PeriodPicker state={state} today={today} withBucket />
        {params && <DownloadLink href={`/api/v1/community/summary?${query({ ...params, format: "csv" })}`} label={t("downloadCsv")} disabled={!s || s.withheld} />}
      </Stack>
      {period && (
        <>
          <section aria-labelledby="community-energy">
            <Heading id="community-energy">{t("overview.energy")}</Heading>
            {summary.loading ? (
              <Stack spacing={2}>
                <KpisLoading />
                <ChartLoading />
              </Stack>
            ) : summary.failed || !s ? (
              <Failure detail={summary.detail} fallback={t("loadFailed")} />
            ) : s.withheld ? (
              <Alert severity="info">{t("withheld", { min: s.min_group })}</Alert>
            ) : (
              <Stack spacing={2}>
                <Kpis summary={s} />
                {s.series.length ? (
                  <>
                    <Typography variant="body2" color="textSecondary">
                      {t("chart.note")}
                    </Typography>
                    <EnergyChart summary={s} period={period} />
                  </>
                ) : (
                  <Typography color="textSecondary">{t("chart.none")}</Typography>
                )}
              </Stack>
            )}
          </section>
          {s && !s.withheld && (
            <section aria-labelledby="community-heatmap">
              <Heading id="community-heatmap">{t("heatmap.title")}</Heading>
              <Heatmap summary={s} />
            </section>
          )}
          <section aria-labelledby="community-flex">
            <Heading id="community-flex">{t("flex.title")}</Heading>
            <FlexByHour period={period} />
          </section>
        </>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Members

const userName = (u: UserOption) => [u.first_name, u.last_name].filter(Boolean).join(" ");

/** A user by e-mail or name (GET /api/v1/users?q=), a few at a time as the operator types. */
function UserPicker({ value, onChange }: { value: UserOption | null; onChange: (u: UserOption | null) => void }) {
  const { t } = useWords();
  const [input, setInput] = useState("");
  const [found, setFound] = useState<{ q: string; users: UserOption[] } | null>(null);
  const q = input.trim();
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api<UserOption[]>(`/api/v1/users?${query({ q, _start: "0", _end: "20", _sort: "email", _order: "ASC" })}`).then(
        (users) => live && setFound({ q, users }),
        () => live && setFound({ q, users: [] }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  const options = found?.users ?? [];
  return (
    <Autocomplete
      size="small"
      value={value}
      onChange={(_, u) => onChange(u)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(x) => x}
      loading={found?.q !== q}
      loadingText={t("loading")}
      noOptionsText={t("members.noUser")}
      getOptionLabel={(u) => u.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, u) => {
        const { key, ...rest } = props as React.HTMLAttributes<HTMLLIElement> & { key: React.Key };
        return (
          <li key={key} {...rest}>
            <Box>
              {u.email}
              <Typography variant="body2" color="textSecondary" component="span" sx={{ display: "block" }}>
                {[userName(u), `#${u.id}`].filter(Boolean).join(" · ")}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t("members.user")} helperText={t("members.userHint")} />}
      sx={{ width: { xs: "100%", sm: 320 } }}
    />
  );
}

/** A household's dated entry: who, as what, from which day. */
function AddMember({ today, onAdded }: { today: string; onAdded: () => void }) {
  const { t } = useWords();
  const notify = useNotify();
  const [user, setUser] = useState<UserOption | null>(null);
  const [role, setRole] = useState<Role>("consumer");
  const [joined, setJoined] = useState(today);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ detail: string | null } | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!user || !isDay(joined)) return;
    setBusy(true);
    setRefused(null);
    try {
      await send<MembershipView>("/api/v1/community/members", "POST", { user_id: user.id, role, joined_on: joined });
      notify(t("members.added", { email: user.email }), { type: "info" });
      setUser(null);
      onAdded();
    } catch (err) {
      setRefused({ detail: detailOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="community-add-member">
      <Heading id="community-add-member" level={3}>
        {t("members.addTitle")}
      </Heading>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, flexWrap: "wrap", alignItems: { sm: "flex-start" }, gap: 2 }}>
        <UserPicker value={user} onChange={setUser} />
        <TextField select size="small" label={t("members.role")} value={role} onChange={(e) => setRole(e.target.value as Role)} sx={{ minWidth: 200, width: { sm: 240 } }}>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <DayField label={t("members.joined")} value={joined} onChange={setJoined} max={today} />
        <Button type="submit" variant="contained" disabled={busy || !user || !isDay(joined)} sx={{ mt: 0.25 }}>
          {t("members.add")}
        </Button>
      </Box>
      {refused && (
        <Box sx={{ mt: 1.5 }}>
          <Failure detail={refused.detail} fallback={t("members.addFailed")} />
        </Box>
      )}
    </Box>
  );
}

/** A membership's dated exit (the row stays). */
function ExitDialog({ member, today, onClose, onDone }: { member: MemberView | null; today: string; onClose: () => void; onDone: () => void }) {
  const { t, date } = useWords();
  const notify = useNotify();
  const small = useSmallScreen();
  const [left, setLeft] = useState(today);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ detail: string | null } | null>(null);
  const close = () => {
    if (busy) return;
    setRefused(null);
    setLeft(today);
    onClose();
  };
  const confirm = async () => {
    if (!member || !isDay(left)) return;
    setBusy(true);
    setRefused(null);
    try {
      await send<MembershipView>(`/api/v1/community/members/${member.id}/exit`, "POST", { left_on: left });
      notify(t("members.exited", { email: member.email }), { type: "info" });
      setLeft(today);
      onClose();
      onDone();
    } catch (err) {
      setRefused({ detail: detailOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={!!member} onClose={close} aria-labelledby="community-exit-title" aria-describedby="community-exit-text" maxWidth="xs" fullWidth fullScreen={small}>
      <DialogTitle id="community-exit-title">{t("members.exitTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText id="community-exit-text" sx={{ mb: 2 }}>
          {member && t("members.exitText", { email: member.email, joined: date(member.joined_on) })}
        </DialogContentText>
        <DayField label={t("members.exitDate")} value={left} onChange={setLeft} min={member ? addDays(member.joined_on, 1) : undefined} />
        {refused && (
          <Box sx={{ mt: 2 }}>
            <Failure detail={refused.detail} fallback={t("members.exitFailed")} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t("cancel")}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy || !isDay(left)}>
          {t("members.exitConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MemberTable({ rows, onExit }: { rows: MemberView[]; onExit: (m: MemberView) => void }) {
  const { t, kwh, pct, eur, date } = useWords();
  const columns = [t("members.member"), t("members.meter"), t("members.role"), t("members.joined"), t("members.left")];
  const figures = [t("members.consumption"), t("members.production"), t("members.allocated"), t("members.coverage"), t("members.savings")];
  return (
    <Box sx={scroller} tabIndex={0}>
      <Table size="small" sx={{ minWidth: 1100 }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
            {figures.map((c) => (
              <Th key={c} align="right">{c}</Th>
            ))}
            <Th>
              <Box component="span" sx={unseen}>
                {t("members.actions")}
              </Box>
            </Th>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.id}>
              <Th scope="row" sx={{ minWidth: 200 }}>
                {m.name && <Box>{m.name}</Box>}
                <Box sx={{ color: m.name ? "text.secondary" : undefined, overflowWrap: "anywhere" }}>{m.email}</Box>
              </Th>
              <TableCell sx={figure}>{m.usage_point_id ?? "–"}</TableCell>
              <TableCell>{t(`roles.${m.role}`)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{date(m.joined_on)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{date(m.left_on)}</TableCell>
              <TableCell align="right" sx={figure}>{kwh(m.consumption_wh)}</TableCell>
              <TableCell align="right" sx={figure}>{kwh(m.production_wh)}</TableCell>
              <TableCell align="right" sx={figure}>{kwh(m.allocated_wh)}</TableCell>
              <TableCell align="right" sx={figure}>{pct(m.coverage)}</TableCell>
              <TableCell align="right" sx={figure}>{eur(m.savings_eur)}</TableCell>
              <TableCell>
                {m.left_on === null && (
                  <Button size="small" onClick={() => onExit(m)} aria-label={t("members.exitLabel", { email: m.email })} sx={{ whiteSpace: "nowrap" }}>
                    {t("members.exit")}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Members({ state, today }: { state: PeriodState; today: string }) {
  const { t } = useWords();
  const { period } = state;
  const params = period ? { from: period.from, to: period.to } : null;
  const members = useApi<MemberView[]>(params ? `/api/v1/community/members?${query(params)}` : null);
  const [exiting, setExiting] = useState<MemberView | null>(null);
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { md: "flex-start" } }}>
        <PeriodPicker state={state} today={today} />
        {params && <DownloadLink href={`/api/v1/community/members?${query({ ...params, format: "csv" })}`} label={t("downloadCsv")} disabled={!members.data?.length} />}
      </Stack>
      <section aria-labelledby="community-members">
        <Heading id="community-members">{t("members.title")}</Heading>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {t("members.caption")}
        </Typography>
        {!period ? null : members.loading ? (
          <Placeholder label={t("loading")} height={240} />
        ) : members.failed || !members.data ? (
          <Failure detail={members.detail} fallback={t("loadFailed")} />
        ) : members.data.length ? (
          <MemberTable rows={members.data} onExit={setExiting} />
        ) : (
          <Typography color="textSecondary">{t("members.none")}</Typography>
        )}
      </section>
      <AddMember today={today} onAdded={members.reload} />
      <ExitDialog member={exiting} today={today} onClose={() => setExiting(null)} onDone={members.reload} />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Allocation keys

/** The operation's name, key and local price; a new key or price computes every month again. */
function SettingsForm({ settings, onSaved }: { settings: ReturnType<typeof useApi<SettingsView>>; onSaved: (s: SettingsView) => void }) {
  const { t } = useWords();
  const at = useDayTime();
  const notify = useNotify();
  const [draft, setDraft] = useState<{ name: string; key: AllocationKey; price: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ detail: string | null } | null>(null);
  const s = settings.data;
  if (settings.loading) return <Placeholder label={t("loading")} height={120} />;
  if (settings.failed || !s) return <Failure detail={settings.detail} fallback={t("loadFailed")} />;
  const values = draft ?? { name: s.name, key: s.allocation_key, price: String(s.local_price_eur_per_kwh) };
  const price = values.price.trim() === "" ? NaN : Number(values.price);
  const priceBad = !(Number.isFinite(price) && price >= 0 && price <= MAX_PRICE);
  const nameBad = !values.name.trim() || values.name.trim().length > 100;
  const edit = (change: Partial<typeof values>) => setDraft({ ...values, ...change });
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (priceBad || nameBad) return;
    setBusy(true);
    setRefused(null);
    try {
      const saved = await send<SettingsView>("/api/v1/community/settings", "PUT", { name: values.name.trim(), allocation_key: values.key, local_price_eur_per_kwh: price });
      onSaved(saved);
      setDraft(null);
      notify(t("keys.saved"), { type: "info" });
    } catch (err) {
      setRefused({ detail: detailOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, flexWrap: "wrap", alignItems: { sm: "flex-start" }, gap: 2 }}>
        <TextField size="small" label={t("keys.name")} value={values.name} onChange={(e) => edit({ name: e.target.value })} error={nameBad} helperText={nameBad ? t("keys.nameRule") : " "} slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ width: { xs: "100%", sm: 260 } }} />
        <TextField select size="small" label={t("keys.key")} value={values.key} onChange={(e) => edit({ key: e.target.value as AllocationKey })} helperText={t(`keys.hints.${values.key}`)} sx={{ width: { xs: "100%", sm: 340 } }}>
          {ALLOCATION_KEYS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`keys.names.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t("keys.price")}
          value={values.price}
          onChange={(e) => edit({ price: e.target.value })}
          error={priceBad}
          helperText={priceBad ? t("keys.priceRule", { max: MAX_PRICE }) : " "}
          slotProps={{ htmlInput: { min: 0, max: MAX_PRICE, step: "any", inputMode: "decimal" } }}
          sx={{ width: { xs: "100%", sm: 200 } }}
        />
        <Button type="submit" variant="contained" disabled={busy || !draft || priceBad || nameBad} sx={{ mt: 0.25 }}>
          {t("save")}
        </Button>
      </Box>
      <Typography variant="body2" color="textSecondary">
        {t("keys.savedAt", { date: at(s.updated_at) })} {t("keys.recompute")}
      </Typography>
      {refused && (
        <Box sx={{ mt: 1.5 }}>
          <Failure detail={refused.detail} fallback={t("keys.saveFailed")} />
        </Box>
      )}
    </>
  );
}

function useDayTime() {
  const locale = useLocale();
  return (iso: string) => parisDayTimeText(new Date(iso), locale);
}

/** The members' e-mails by user id, for the simulation's table (GET /api/v1/users?id=..., a few hundred at a time). */
function useEmails(ids: number[]) {
  const key = ids.join(",");
  const [emails, setEmails] = useState<{ key: string; byId: Map<number, string> } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const all = key.split(",").map(Number);
    const chunks = Array.from({ length: Math.ceil(all.length / 200) }, (_, i) => all.slice(i * 200, i * 200 + 200));
    Promise.all(chunks.map((c) => api<UserOption[]>(`/api/v1/users?${c.map((id) => `id=${id}`).join("&")}&_start=0&_end=${c.length}`)))
      .then((lists) => live && setEmails({ key, byId: new Map(lists.flat().map((u) => [u.id, u.email])) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return emails?.key === key ? emails.byId : null;
}

function SimulationResult({ result }: { result: SimulationView }) {
  const { t, kwh, pct, eur, range } = useWords();
  const emails = useEmails(useMemo(() => result.members.map((m) => m.user_id), [result]));
  const keyName = (k: AllocationKey) => (k === result.operation_key ? t("simulate.inForce", { key: t(`keys.names.${k}`) }) : t(`keys.names.${k}`));
  const measures: [string, (k: SimulationView["keys"][number]) => string][] = [
    [t("simulate.allocated"), (k) => kwh(k.allocated_wh)],
    [t("simulate.surplus"), (k) => kwh(k.surplus_wh)],
    [t("kpi.selfConsumption"), (k) => pct(k.self_consumption)],
    [t("kpi.selfSufficiency"), (k) => pct(k.self_sufficiency)],
    [t("simulate.savings"), (k) => eur(k.savings_eur)],
  ];
  const byKey = result.keys.map((k) => new Map(k.members.map((m) => [m.user_id, m])));
  const first = result.keys[0];
  return (
    <Stack spacing={2}>
      {first && (
        <Typography variant="body2">
          {t("simulate.totals", { range: range(result), production: kwh(first.production_wh), consumption: kwh(first.consumption_wh) })}
        </Typography>
      )}
      <Box sx={scroller} tabIndex={0}>
        <Table size="small" sx={{ minWidth: 560 }}>
          <caption>{t("simulate.keysCaption")}</caption>
          <TableHead>
            <TableRow>
              <Th>{t("simulate.measure")}</Th>
              {result.keys.map((k) => (
                <Th key={k.key} align="right" sx={{ fontWeight: k.key === result.operation_key ? 700 : undefined }}>{keyName(k.key)}</Th>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {measures.map(([label, value]) => (
              <TableRow key={label}>
                <Th scope="row">{label}</Th>
                {result.keys.map((k) => (
                  <TableCell key={k.key} align="right" sx={figure}>
                    {value(k)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <SaveCsvButton label={t("simulate.downloadKeys")} file={() => simulationKeysCsv(result)} />
      </Box>
      {result.members.length > 0 && (
        <Box sx={scroller} tabIndex={0}>
          <Table size="small" sx={{ minWidth: 400 + result.keys.length * 220 }}>
            <caption>{t("simulate.membersCaption")}</caption>
            <TableHead>
              <TableRow>
                <Th rowSpan={2}>{t("members.member")}</Th>
                <Th rowSpan={2} align="right">{t("members.consumption")}</Th>
                <Th rowSpan={2} align="right">{t("members.production")}</Th>
                {result.keys.map((k) => (
                  <Th key={k.key} scope="colgroup" colSpan={2} align="center" sx={divided}>{keyName(k.key)}</Th>
                ))}
              </TableRow>
              <TableRow>
                {result.keys.flatMap((k) => [
                  <Th key={`${k.key}-a`} align="right" sx={divided}>
                    {t("members.allocated")}
                  </Th>,
                  <Th key={`${k.key}-s`} align="right">
                    {t("members.savings")}
                  </Th>,
                ])}
              </TableRow>
            </TableHead>
            <TableBody>
              {result.members.map((m) => (
                <TableRow key={m.user_id}>
                  <Th scope="row" sx={{ minWidth: 160, overflowWrap: "anywhere" }}>{emails?.get(m.user_id) ?? `#${m.user_id}`}</Th>
                  <TableCell align="right" sx={figure}>{kwh(m.consumption_wh)}</TableCell>
                  <TableCell align="right" sx={figure}>{kwh(m.production_wh)}</TableCell>
                  {byKey.flatMap((members, i) => {
                    const x = members.get(m.user_id);
                    return [
                      <TableCell key={`${i}-a`} align="right" sx={{ ...figure, ...divided }}>
                        {kwh(x?.allocated_wh ?? 0)}
                      </TableCell>,
                      <TableCell key={`${i}-s`} align="right" sx={figure}>
                        {eur(x?.savings_eur ?? 0)}
                      </TableCell>,
                    ];
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {result.members.length > 0 && (
        <Box>
          <SaveCsvButton label={t("simulate.downloadMembers")} file={() => simulationMembersCsv(result, emails)} />
        </Box>
      )}
    </Stack>
  );
}

/** The period replayed under each key, side by side (by default the last 12 complete months). */
function Simulation({ today }: { today: string }) {
  const { t } = useWords();
  const thisMonth = firstOf(today.slice(0, 7));
  const [from, setFrom] = useState(() => addMonths(thisMonth, -12));
  const [until, setUntil] = useState(() => addDays(thisMonth, -1));
  const [run, setRun] = useState<{ busy: boolean; result: SimulationView | null; refused: { detail: string | null } | null }>({ busy: false, result: null, refused: null });
  const problem = !isDay(from) || !isDay(until) ? t("simulate.days") : until < from ? t("period.order") : daysBetween(from, addDays(until, 1)) > MAX_DAYS ? t("period.tooLong", { days: MAX_DAYS }) : null;
  const simulate = async (e: React.FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setRun((r) => ({ ...r, busy: true, refused: null }));
    try {
      const result = await send<SimulationView>("/api/v1/community/simulate", "POST", { from, to: addDays(until, 1) });
      setRun({ busy: false, result, refused: null });
    } catch (err) {
      setRun({ busy: false, result: null, refused: { detail: detailOf(err) } });
    }
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t("simulate.hint")}
      </Typography>
      <Box component="form" onSubmit={(e) => void simulate(e)} noValidate sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, flexWrap: "wrap", alignItems: { sm: "flex-start" }, gap: 2 }}>
        <DayField label={t("period.from")} value={from} onChange={setFrom} max={today} />
        <DayField label={t("period.until")} value={until} onChange={setUntil} min={from} error={!!problem} helperText={problem ?? undefined} />
        <Button type="submit" variant="contained" disabled={run.busy || !!problem} sx={{ mt: 0.25 }}>
          {t("simulate.run")}
        </Button>
      </Box>
      {run.busy && <LinearProgress aria-label={t("simulate.running")} />}
      {run.refused && <Failure detail={run.refused.detail} fallback={t("simulate.failed")} />}
      {run.result && <SimulationResult result={run.result} />}
    </Stack>
  );
}

/** The monthly shares of the dynamic simple key (from the month on), their total, and Enedis' coefficient file. */
function Shares({ today }: { today: string }) {
  const { t, locale, month: monthWords } = useWords();
  const notify = useNotify();
  const [month, setMonth] = useState(today.slice(0, 7));
  const shares = useApi<SharesView>(`/api/v1/community/shares?${query({ month })}`);
  /** the percents edited since the month's shares came, by user id */
  const [edits, setEdits] = useState<{ month: string; values: Record<number, string> }>({ month, values: {} });
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ detail: string | null } | null>(null);
  const [fileRefused, setFileRefused] = useState<{ month: string; detail: string | null } | null>(null);
  const s = shares.data;
  const edited = edits.month === month ? edits.values : {};
  const valueOf = (m: SharesView["members"][number]) => edited[m.user_id] ?? (m.percent === null ? "" : String(m.percent));
  const parsed = (s?.members ?? []).map((m) => {
    const v = valueOf(m).trim();
    const n = v === "" ? 0 : Number(v);
    return { user_id: m.user_id, percent: n, bad: !(Number.isFinite(n) && n >= 0 && n <= 100) };
  });
  const total = parsed.reduce((x, p) => x + (p.bad ? 0 : p.percent), 0);
  const anyBad = parsed.some((p) => p.bad);
  const over = total > 100 + 1e-6;
  const dirty = Object.keys(edited).length > 0;
  const pctWords = (v: number) => `${fixedText(v, 2, locale)}${percentSpace(locale)}%`;
  const equalShares = () => {
    if (!s?.members.length) return;
    const each = String(Math.floor((100 / s.members.length) * 10_000) / 10_000);
    setEdits({ month, values: Object.fromEntries(s.members.map((m) => [m.user_id, each])) });
  };
  const save = async () => {
    if (!s || anyBad || over) return;
    setBusy(true);
    setRefused(null);
    try {
      shares.replace(await send<SharesView>("/api/v1/community/shares", "PUT", { month, shares: parsed.map(({ user_id, percent }) => ({ user_id, percent })) }));
      setEdits({ month, values: {} });
      notify(t("shares.saved", { month: monthWords(month) }), { type: "info" });
    } catch (err) {
      setRefused({ detail: detailOf(err) });
    } finally {
      setBusy(false);
    }
  };
  const chooseMonth = (m: string) => {
    setMonth(m);
    setRefused(null);
    setFileRefused(null);
  };
  const coefficients = async () => {
    setFileRefused(null);
    try {
      await download(`/api/v1/community/coefficients?${query({ month })}`, `foyer-coefficients-${month}.csv`);
    } catch (err) {
      setFileRefused({ month, detail: detailOf(err) });
    }
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t("shares.hint")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <MonthSelect label={t("month")} value={month} onChange={chooseMonth} today={today} back={24} ahead={12} />
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void coefficients()}>
          {t("shares.coefficients")}
        </Button>
      </Stack>
      {fileRefused?.month === month && <Failure detail={fileRefused.detail} fallback={t("shares.coefficientsFailed")} />}
      {shares.loading ? (
        <Placeholder label={t("loading")} height={200} />
      ) : shares.failed || !s ? (
        <Failure detail={shares.detail} fallback={t("loadFailed")} />
      ) : !s.members.length ? (
        <Typography color="textSecondary">{t("shares.none")}</Typography>
      ) : (
        <>
          <Typography variant="body2">{s.set_for ? t("shares.setFor", { month: monthWords(s.set_for) }) : t("shares.notSet")}</Typography>
          <Box sx={scroller} tabIndex={0}>
            <Table size="small" sx={{ minWidth: 520 }}>
              <caption>{t("shares.caption", { month: monthWords(month) })}</caption>
              <TableHead>
                <TableRow>
                  <Th>{t("members.member")}</Th>
                  <Th>{t("members.meter")}</Th>
                  <Th align="right">{t("shares.percent")}</Th>
                </TableRow>
              </TableHead>
              <TableBody>
                {s.members.map((m, i) => (
                  <TableRow key={m.user_id}>
                    <Th scope="row" sx={{ minWidth: 160, overflowWrap: "anywhere" }}>{m.email}</Th>
                    <TableCell sx={figure}>{m.usage_point_id ?? "–"}</TableCell>
                    <TableCell align="right">
                      <TextField
                        size="small"
                        type="number"
                        value={valueOf(m)}
                        placeholder={m.percent === null ? fixedText(100 / s.members.length, 2, locale) : undefined}
                        onChange={(e) => setEdits({ month, values: { ...edited, [m.user_id]: e.target.value } })}
                        error={parsed[i].bad}
                        slotProps={{ htmlInput: { min: 0, max: 100, step: "any", inputMode: "decimal", "aria-label": t("shares.percentOf", { email: m.email }) } }}
                        sx={{ width: 120 }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ "& > *": { fontWeight: 600 } }}>
                  <Th scope="row" colSpan={2}>{t("shares.total")}</Th>
                  <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums", color: over ? "error.main" : undefined }}>
                    {pctWords(total)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Box>
          {over ? (
            <Alert severity="error">{t("shares.over")}</Alert>
          ) : Math.abs(total - 100) > 0.005 && (dirty || s.set_for) ? (
            <Alert severity="warning">{t("shares.under", { total: pctWords(total) })}</Alert>
          ) : null}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <Button variant="outlined" onClick={equalShares}>
              {t("shares.equal")}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy || !dirty || anyBad || over}>
              {t("shares.save", { month: monthWords(month) })}
            </Button>
          </Stack>
          {refused && <Failure detail={refused.detail} fallback={t("shares.saveFailed")} />}
        </>
      )}
    </Stack>
  );
}

function Keys({ settings, onSaved, today }: { settings: ReturnType<typeof useApi<SettingsView>>; onSaved: (s: SettingsView) => void; today: string }) {
  const { t } = useWords();
  return (
    <Stack spacing={4}>
      <section aria-labelledby="community-settings">
        <Heading id="community-settings">{t("keys.title")}</Heading>
        <SettingsForm settings={settings} onSaved={onSaved} />
      </section>
      <section aria-labelledby="community-simulate">
        <Heading id="community-simulate">{t("simulate.title")}</Heading>
        <Simulation today={today} />
      </section>
      <section aria-labelledby="community-shares">
        <Heading id="community-shares">{t("shares.title")}</Heading>
        <Shares today={today} />
      </section>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Enedis data

/** A finding in the page's language: the API's English text, or in French the catalog's sentence from its code and figures. */
function useFindingText() {
  const { t, locale, date } = useWords();
  return (f: Finding) => {
    const code = FINDINGS.find((c) => c === f.code);
    if (locale === "en" || !code) return f.text;
    const meter = f.usage_point_id;
    const email = f.email ?? "–";
    const p = f.params;
    const kwh = (v: unknown) => `${fixedText(Number(v) || 0, 1, locale)}${space(locale)}kWh`;
    switch (code) {
      case "unknown_meter":
      case "not_member":
      case "missing_in_file":
        return t(`findings.${code}`, { meter, email });
      case "foyer_missing_days":
        return t("findings.foyer_missing_days", { meter, email, days: Number(p.days) || 0, first: date(String(p.first)), last: date(String(p.last)) });
      default: {
        const enedis = Number(p.enedis_kwh) || 0;
        const diff = Number(p.difference_pct) || 0;
        const difference = enedis ? ` (${diff > 0 ? "+" : diff < 0 ? "−" : ""}${fixedText(Math.abs(diff), 1, locale)}${percentSpace(locale)}%)` : "";
        return t(`findings.${code}`, { meter, email, enedis: kwh(p.enedis_kwh), foyer: kwh(p.foyer_kwh), difference });
      }
    }
  };
}

function Reconciliation({ recon }: { recon: ReconciliationView }) {
  const { t, kwh, range, count } = useWords();
  const findingText = useFindingText();
  const imp = recon.import;
  const flagged = new Set(recon.findings.map((f) => `${f.usage_point_id}:${f.code}`));
  const pair = (prm: string, code: string, theirs: number | null, ours: number | null | undefined) => {
    const gap = flagged.has(`${prm}:${code}`);
    const sx = { ...figure, ...(gap && { fontWeight: 700, textDecoration: "underline", textDecorationStyle: "dotted" as const }) };
    return [
      <TableCell key={`${code}-e`} align="right" sx={{ ...sx, ...divided }}>
        {kwh(theirs)}
      </TableCell>,
      <TableCell key={`${code}-f`} align="right" sx={sx}>
        {kwh(ours)}
      </TableCell>,
    ];
  };
  const groups: [string, string][] = [
    ["consumption_gap", t("enedis.cons")],
    ["allocation_gap", t("enedis.autocons")],
    ["production_gap", t("enedis.prod")],
  ];
  return (
    <Stack spacing={2}>
      <Heading id="community-reconciliation" level={3}>
        {t("enedis.reconciliationTitle", { file: imp.file_name, range: range({ from: imp.from, to: addDays(imp.to, 1) }) })}
      </Heading>
      {recon.findings.length === 0 ? (
        <Alert severity="success">{t("enedis.agree")}</Alert>
      ) : (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t("enedis.findings", { count: recon.findings.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {recon.findings.map((f, i) => (
              <li key={i}>{findingText(f)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={scroller} tabIndex={0}>
        <Table size="small" sx={{ minWidth: 1000 }}>
          <caption>{t("enedis.metersCaption")}</caption>
          <TableHead>
            <TableRow>
              <Th rowSpan={2}>{t("members.meter")}</Th>
              <Th rowSpan={2}>{t("members.member")}</Th>
              <Th rowSpan={2} align="right">{t("enedis.days")}</Th>
              {groups.map(([code, label]) => (
                <Th key={code} scope="colgroup" colSpan={2} align="center" sx={divided}>{label}</Th>
              ))}
              <Th rowSpan={2} align="right" sx={divided}>{t("enedis.missingDays")}</Th>
            </TableRow>
            <TableRow>
              {groups.flatMap(([code]) => [
                <Th key={`${code}-e`} align="right" sx={divided}>
                  Enedis
                </Th>,
                <Th key={`${code}-f`} align="right">
                  Foyer
                </Th>,
              ])}
            </TableRow>
          </TableHead>
          <TableBody>
            {recon.meters.map((m) => (
              <TableRow key={m.usage_point_id}>
                <Th scope="row" sx={figure}>{m.usage_point_id}</Th>
                <TableCell sx={{ minWidth: 160, overflowWrap: "anywhere" }}>{m.email ?? t("enedis.unknownHousehold")}</TableCell>
                <TableCell align="right" sx={figure}>{count(m.enedis.days)}</TableCell>
                {pair(m.usage_point_id, "consumption_gap", m.enedis.cons_wh, m.foyer?.cons_wh)}
                {pair(m.usage_point_id, "allocation_gap", m.enedis.autocons_wh, m.foyer?.autocons_wh)}
                {pair(m.usage_point_id, "production_gap", m.enedis.prod_wh, m.foyer?.prod_wh)}
                <TableCell align="right" sx={{ ...figure, ...divided }}>
                  {count(m.missing_days.length)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        {recon.meters.length > 0 && <SaveCsvButton label={t("enedis.downloadMeters")} file={() => reconciliationCsv(recon)} />}
        {recon.findings.length > 0 && <SaveCsvButton label={t("enedis.downloadFindings")} file={() => findingsCsv(recon)} />}
      </Stack>
    </Stack>
  );
}

function ImportList({ imports, selected, onSelect }: { imports: ImportView[]; selected: number | null; onSelect: (id: number) => void }) {
  const { t, range, count } = useWords();
  const at = useDayTime();
  return (
    <Box sx={scroller} tabIndex={0}>
      <Table size="small" sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            {[t("enedis.file"), t("enedis.period")].map((c) => (
              <Th key={c}>{c}</Th>
            ))}
            <Th align="right">{t("enedis.rows")}</Th>
            <Th align="right">{t("enedis.meters")}</Th>
            <Th>{t("enedis.importedBy")}</Th>
            <Th>{t("enedis.importedAt")}</Th>
            <Th>
              <Box component="span" sx={unseen}>
                {t("members.actions")}
              </Box>
            </Th>
          </TableRow>
        </TableHead>
        <TableBody>
          {imports.map((i) => (
            <TableRow key={i.id} selected={i.id === selected}>
              <Th scope="row" sx={{ minWidth: 160, overflowWrap: "anywhere" }}>{i.file_name}</Th>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{range({ from: i.from, to: addDays(i.to, 1) })}</TableCell>
              <TableCell align="right" sx={figure}>{count(i.rows)}</TableCell>
              <TableCell align="right" sx={figure}>{count(i.meters)}</TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: "anywhere" }}>{i.imported_by ?? "–"}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{at(i.imported_at)}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => onSelect(i.id)} aria-pressed={i.id === selected} aria-label={t("enedis.showLabel", { file: i.file_name })} sx={{ whiteSpace: "nowrap" }}>
                  {t("enedis.show")}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Enedis' ACC file sent as it is (the body, text/csv), its reconciliation shown once stored. */
function Upload({ onImported }: { onImported: (r: ReconciliationView) => void }) {
  const { t } = useWords();
  const text = useApiText();
  const notify = useNotify();
  const picker = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ file: string; detail: string | null } | null>(null);
  const choose = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setSending(file.name);
    setRefused(null);
    try {
      const r = await api<ReconciliationView>(`/api/v1/community/acc_imports?${query({ file_name: file.name })}`, { method: "POST", headers: { "Content-Type": "text/csv" }, body: file });
      notify(t("enedis.imported", { file: file.name, count: r.findings.length }), { type: "info" });
      onImported(r);
    } catch (err) {
      setRefused({ file: file.name, detail: detailOf(err) });
    } finally {
      setSending(null);
      // the same file may be chosen again (once corrected)
      input.value = "";
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="textSecondary">
        {t("enedis.uploadHint")}
      </Typography>
      <Box>
        {/* the browser's file input, hidden: this button opens it (a keyboard's Enter and Space too) */}
        <input ref={picker} type="file" accept=".csv,text/csv" hidden onChange={(e) => void choose(e)} />
        <Button variant="contained" startIcon={<UploadIcon />} disabled={!!sending} onClick={() => picker.current?.click()}>
          {t("enedis.upload")}
        </Button>
      </Box>
      {sending && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t("enedis.sending", { file: sending })}
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {refused && <Alert severity="error">{refused.detail ? t("enedis.refused", { file: refused.file, detail: text(refused.detail) }) : t("enedis.uploadFailed", { file: refused.file })}</Alert>}
    </Stack>
  );
}

function EnedisData({ today }: { today: string }) {
  const { t } = useWords();
  const imports = useApi<ImportView[]>("/api/v1/community/acc_imports");
  const [chosen, setChosen] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<ReconciliationView | null>(null);
  const [sampleMonth, setSampleMonth] = useState(() => addMonths(firstOf(today.slice(0, 7)), -1).slice(0, 7));
  // the import chosen, else the newest
  const selected = chosen ?? imports.data?.[0]?.id ?? null;
  const fetched = useApi<ReconciliationView>(selected !== null && uploaded?.import.id !== selected ? `/api/v1/community/acc_imports/${selected}` : null);
  const recon = uploaded?.import.id === selected ? uploaded : fetched.data;
  const onImported = (r: ReconciliationView) => {
    setUploaded(r);
    setChosen(r.import.id);
    imports.reload();
  };
  return (
    <Stack spacing={4}>
      <section aria-labelledby="community-upload">
        <Heading id="community-upload">{t("enedis.uploadTitle")}</Heading>
        <Upload onImported={onImported} />
      </section>
      <section aria-labelledby="community-imports">
        <Heading id="community-imports">{t("enedis.importsTitle")}</Heading>
        {imports.loading ? (
          <Placeholder label={t("loading")} height={120} />
        ) : imports.failed || !imports.data ? (
          <Failure detail={imports.detail} fallback={t("loadFailed")} />
        ) : imports.data.length ? (
          <Stack spacing={3}>
            <ImportList imports={imports.data} selected={selected} onSelect={setChosen} />
            {recon ? <Reconciliation recon={recon} /> : fetched.failed ? <Failure detail={fetched.detail} fallback={t("loadFailed")} /> : <Placeholder label={t("loading")} height={200} />}
          </Stack>
        ) : (
          <Typography color="textSecondary">{t("enedis.noImports")}</Typography>
        )}
      </section>
      <section aria-labelledby="community-sample">
        <Heading id="community-sample">{t("enedis.sampleTitle")}</Heading>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {t("enedis.sampleHint")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <MonthSelect label={t("month")} value={sampleMonth} onChange={setSampleMonth} today={today} />
          <DownloadLink href={`/api/v1/community/acc_imports/sample?${query({ month: sampleMonth })}`} label={t("enedis.sample")} />
        </Stack>
      </section>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// The screen

/** The community's screen (react-admin's resource "community", its own page rather than a list). */
export function CommunityScreen() {
  const { t } = useWords();
  const small = useSmallScreen();
  const [today] = useState(() => parisDayOf(Date.now()));
  const [params, set] = useHashQuery();
  const tab = pick(params.get("tab"), TABS, "overview");
  const period = usePeriod(today);
  const settings = useApi<SettingsView>("/api/v1/community/settings");
  const name = settings.data?.name;
  return (
    // a grid of one shrinkable column: the wide tables scroll inside it, the page never grows wider than the screen
    <Card sx={{ mt: { xs: 0, sm: 1 }, mb: 2, display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Title title={name ? t("titleWith", { name }) : t("title")} />
      <Tabs
        value={tab}
        onChange={(_, v: TabName) => set({ tab: v === "overview" ? null : v })}
        variant={small ? "scrollable" : "standard"}
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t("tabsLabel")}
        sx={{ borderBottom: 1, borderColor: "divider", px: { sm: 1 } }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`tabs.${k}`)} id={`community-tab-${k}`} aria-controls={`community-panel-${k}`} />
        ))}
      </Tabs>
      {TABS.map((k) => (
        <Box key={k} role="tabpanel" id={`community-panel-${k}`} aria-labelledby={`community-tab-${k}`} hidden={k !== tab} sx={{ p: { xs: 1.5, sm: 2 } }}>
          {k === tab &&
            (k === "overview" ? (
              <Overview state={period} today={today} />
            ) : k === "members" ? (
              <Members state={period} today={today} />
            ) : k === "keys" ? (
              <Keys settings={settings} onSaved={settings.replace} today={today} />
            ) : (
              <EnedisData today={today} />
            ))}
        </Box>
      ))}
    </Card>
  );
}
