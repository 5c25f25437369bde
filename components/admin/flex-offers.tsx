"use client";
// Flexibility offers in the back-office (docs/flexibility.md, "Offers"): the community operator
// reads the offers households sent for a week (never their drafts), accepts or rejects those still
// offered, sees the community's flexibility per hour of the week (kW down and up, offered and
// accepted), exports the week as CSV or UFTP FlexOffers (JSON), and sets the prices the offers
// prepared from now on carry. The chart is My Energy's bar chart (uPlot), fetched with next/dynamic
// the first time one is shown: the rest of the back-office loads without it.
import dynamic from "next/dynamic";
import { useEffect, useMemo, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import {
  Datagrid, DateInput, FunctionField, Link, List, SelectInput, Show, SimpleList, SimpleShowLayout, TextField, TopToolbar,
  useCreatePath, useListContext, useNotify, useRecordContext, useRefresh,
} from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import MuiTextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { darken, lighten } from "@mui/material/styles";
import type { Series, Spec } from "@/components/energy/bars/spec";
import { ChartSkeleton } from "@/components/energy/chart-skeleton";
import { chartColours, useSchemeTheme } from "@/components/energy/chart-theme";
import { eurText, intlLocale, kwhText, wattsText } from "@/components/energy/format";
import { parisDayTimeText, SHORT_MONTHS } from "@/components/ui/dates";
import { fixedText } from "@/components/ui/numbers";
import { comingWeek, scheduleWeekday, type OfferStatus } from "@/lib/flex/offers";
import type { OperatorOfferView, PricesView, toWeekFlexView } from "@/lib/serializers/flex-offers";
import type { Locale } from "@/lib/shared/locale.mjs";
import { addDays, isDay, parisLocalString, weekdayOf } from "@/lib/time/paris";
import { useSmallScreen } from "./small-screen";

type Offer = OperatorOfferView;
type WeekFlex = ReturnType<typeof toWeekFlexView>;
type Hour = WeekFlex["hours"][number];

/** The statuses of the offers households sent: the list's filter (drafts stay the households'). */
const SENT: OfferStatus[] = ["offered", "accepted", "rejected", "activated", "settled", "expired"];
/** The most a price may be (lib/validation/flex.ts). */
const MAX_PRICE = 100_000;

function ChartLoading() {
  const t = useTranslations("admin.offers");
  return <ChartSkeleton label={t("loadingChart")} />;
}
const Bars = dynamic(() => import("@/components/energy/bars/bars").then((m) => m.Bars), { ssr: false, loading: () => <ChartLoading /> });

const space = (locale: Locale) => (locale === "fr" ? "\u00a0" : " ");
/** kW with the digits that matter: 0.38 kW, 12.4 kW. */
const kwText = (kw: number, locale: Locale) => `${fixedText(kw, Math.abs(kw) < 10 ? 2 : 1, locale)}${space(locale)}kW`;

const weekdays = new Map<Locale, Intl.DateTimeFormat>();
/** A Paris day in words: "Tue 9 Jun", "mar. 9 juin" (with its year: "Mon 8 Jun 2026"). */
function dayWords(day: string, locale: Locale, withYear = false): string {
  let f = weekdays.get(locale);
  if (!f) weekdays.set(locale, (f = new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", timeZone: "UTC" })));
  const [y, mo, d] = day.split("-").map(Number);
  return `${f.format(new Date(Date.UTC(y, mo - 1, d)))} ${d} ${SHORT_MONTHS[locale][mo - 1]}${withYear ? ` ${y}` : ""}`;
}

/** The Monday of a day's week (the date field's day, whichever the reader picked). */
const toMonday = (v: unknown) => (v === "" ? null : typeof v === "string" && isDay(v) ? addDays(v, -scheduleWeekday(v)) : v);
/** The list's week filter when it names a Monday (none: the API's coming week). */
const weekOf = (v: unknown) => (typeof v === "string" && isDay(v) && weekdayOf(v) === 1 ? v : undefined);

function useOfferWords() {
  const t = useTranslations("admin.offers");
  const locale = useLocale();
  return {
    t,
    locale,
    when: (r: Offer) => `${dayWords(r.day, locale)}, ${r.from}–${r.to}`,
    at: (iso: string | null) => (iso ? parisDayTimeText(new Date(iso), locale) : "–"),
    kwh: (wh: number | null) => (wh === null ? "–" : kwhText(wh / 1000, true, locale)),
    price: (v: number | null, unit: string) => (v === null ? t("noPrice") : `${eurText(v, false, locale)}/${unit}`),
  };
}

/** Accept and Reject on an offer still offered (a row's click stays the row's: the show page). */
function DecisionButtons({ record, size = "small" }: { record: Offer; size?: "small" | "medium" }) {
  const { t, when } = useOfferWords();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (record.status !== "offered") return null;
  const decide = async (e: React.MouseEvent, accept: boolean) => {
    e.stopPropagation();
    if (!accept && !window.confirm(t("rejectConfirm", { email: record.email }))) return;
    const failed = t(accept ? "acceptFailed" : "rejectFailed");
    setBusy(true);
    try {
      const res = await fetch(`/api/v1/flex_offers/${record.id}/${accept ? "accept" : "reject"}`, { method: "POST", credentials: "same-origin" });
      // a 409 says why (no longer offered, or expired): the API's words
      if (res.ok) notify(t(accept ? "acceptDone" : "rejectDone"), { type: "info" });
      else notify(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? failed, { type: "error" });
    } catch {
      notify(failed, { type: "error" });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "nowrap" }}>
      <Button variant="contained" size={size} disabled={busy} onClick={(e) => void decide(e, true)} aria-label={t("acceptLabel", { email: record.email, when: when(record) })}>
        {t("accept")}
      </Button>
      <Button color="error" size={size} disabled={busy} onClick={(e) => void decide(e, false)} aria-label={t("rejectLabel", { email: record.email, when: when(record) })}>
        {t("reject")}
      </Button>
    </Stack>
  );
}

/** The week's export, as the list's filter names it (none: the coming week). */
function ExportActions() {
  const t = useTranslations("admin.offers");
  const { filterValues } = useListContext();
  const week = weekOf(filterValues.week);
  const href = (format: "csv" | "uftp") => `/api/v1/flex_offers/export?${week ? `week=${week}&` : ""}format=${format}`;
  return (
    <TopToolbar sx={{ alignItems: "center", gap: 1 }}>
      <Typography variant="body2" color="textSecondary" component="span">
        {t("export")}
      </Typography>
      <Button size="small" href={href("csv")} download aria-label={t("exportCsvLabel")}>
        CSV
      </Button>
      <Button size="small" href={href("uftp")} download aria-label={t("exportUftpLabel")}>
        UFTP (JSON)
      </Button>
    </TopToolbar>
  );
}

/** The community's week by hour, fetched again when the week changes or an offer on the page changes status. */
function useWeekFlex(week: string | undefined, stamp: string) {
  const [state, setState] = useState<{ week: string | undefined; answer: WeekFlex | null; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/v1/flex_offers/by_hour${week ? `?week=${week}` : ""}`, { credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<WeekFlex>) : Promise.reject(new Error(String(r.status)))))
      .then((answer) => live && setState({ week, answer, failed: false }))
      .catch(() => live && setState({ week, answer: null, failed: true }));
    return () => {
      live = false;
    };
  }, [week, stamp]);
  // another week's figures are not shown while this one's load; the same week's stay until the new ones come
  const current = state && state.week === week ? state : null;
  return { answer: current?.answer ?? null, failed: current?.failed ?? false, loading: !current };
}

/** Sums over the hours (each one hour long: kW × 1 h = kWh) and the busiest hour. */
const total = (hours: Hour[], f: (h: Hour) => number) => hours.reduce((s, h) => s + f(h), 0);
const peak = (hours: Hour[], f: (h: Hour) => number) => Math.max(0, ...hours.map(f));

function WeekChart({ answer }: { answer: WeekFlex }) {
  const { t, locale } = useOfferWords();
  const theme = useSchemeTheme();
  const spec = useMemo((): Spec => {
    const c = chartColours(theme);
    const p = theme.palette;
    const dark = p.mode === "dark";
    const fade = (colour: string) => (dark ? darken(colour, 0.5) : lighten(colour, 0.55));
    const strong = (colour: string) => (dark ? lighten(colour, 0.25) : darken(colour, 0.2));
    const { hours } = answer;
    // down below the axis, up above; the figures in words say each as a size
    const format = (v: number | null) => (v === null ? "–" : kwText(Math.abs(v), locale));
    const series: Series[] = [
      { id: "downOffered", label: t("series.downOffered"), data: hours.map((h) => -h.down_offered_kw), color: fade(c.consumption), format },
      { id: "upOffered", label: t("series.upOffered"), data: hours.map((h) => h.up_offered_kw), color: fade(c.production), format },
      { id: "downAccepted", label: t("series.downAccepted"), data: hours.map((h) => -h.down_accepted_kw), color: strong(c.consumption), format, line: {} },
      { id: "upAccepted", label: t("series.upAccepted"), data: hours.map((h) => h.up_accepted_kw), color: strong(c.production), format, line: {} },
    ];
    // the same scale on both sides of the axis: down and up compare at a glance
    const top = Math.max(0.001, ...hours.flatMap((h) => [h.down_offered_kw, h.up_offered_kw])) * 1.1;
    return {
      title: t("chartTitle", { week: dayWords(answer.week, locale, true) }),
      locale,
      live: (bucket, values) => t("chartLive", { bucket, values }),
      series,
      starts: hours.map((h) => h.start),
      ends: hours.map((h) => new Date(Date.parse(h.start) + 3_600_000).toISOString()),
      bucket: "hour",
      periodDays: 7,
      yLabel: "kW",
      yFormat: (v) => fixedText(Math.abs(v), top < 10 ? 1 : 0, locale),
      yMin: -top,
      yMax: top,
    };
  }, [answer, theme, t, locale]);
  return <Bars spec={spec} />;
}

/** The week's figures per Paris day, for reading the numbers (and for screen readers). */
function DayTable({ answer }: { answer: WeekFlex }) {
  const { t, locale } = useOfferWords();
  const days = new Map<string, Hour[]>();
  for (const h of answer.hours) days.set(h.local.slice(0, 10), [...(days.get(h.local.slice(0, 10)) ?? []), h]);
  const kwh = (v: number) => kwhText(v, false, locale);
  const cells = (hours: Hour[]) =>
    [(h: Hour) => h.down_offered_kw, (h: Hour) => h.down_accepted_kw, (h: Hour) => h.up_offered_kw, (h: Hour) => h.up_accepted_kw].map((f, i) => (
      <TableCell key={i} align="right">
        {kwh(total(hours, f))}
      </TableCell>
    ));
  return (
    <Box component="details" sx={{ mt: 1, "& > summary": { cursor: "pointer", color: "text.secondary", typography: "body2", py: 0.5 } }}>
      <summary>{t("dayTable")}</summary>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small">
          <caption>{t("dayTableCaption")}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t("day")}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t("series.downOffered")}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t("series.downAccepted")}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t("series.upOffered")}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t("series.upAccepted")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...days].map(([day, hours]) => (
              <TableRow key={day}>
                <TableCell component="th" scope="row">
                  {dayWords(day, locale)}
                </TableCell>
                {cells(hours)}
              </TableRow>
            ))}
            <TableRow sx={{ "& > *": { fontWeight: 600 } }}>
              <TableCell component="th" scope="row">
                {t("weekTotal")}
              </TableCell>
              {cells(answer.hours)}
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** The week's totals: how many offers count, and per direction the energy offered and accepted and the busiest hour. */
function WeekTotals({ answer }: { answer: WeekFlex }) {
  const { t, locale } = useOfferWords();
  const { hours } = answer;
  const line = (direction: "down" | "up", offered: (h: Hour) => number, accepted: (h: Hour) => number) =>
    t("totalLine", {
      direction: t(`directions.${direction}`),
      offered: kwhText(total(hours, offered), true, locale),
      accepted: kwhText(total(hours, accepted), true, locale),
      peak: kwText(peak(hours, offered), locale),
    });
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.25, typography: "body2" }}>
      <li>
        <strong>{t("offersCount", { n: answer.offers })}</strong>
      </li>
      <li>{line("down", (h) => h.down_offered_kw, (h) => h.down_accepted_kw)}</li>
      <li>{line("up", (h) => h.up_offered_kw, (h) => h.up_accepted_kw)}</li>
    </Box>
  );
}

/** The prices the offers prepared from now on carry; those already prepared keep theirs. */
function PricesForm() {
  const { t, at } = useOfferWords();
  const notify = useNotify();
  const [prices, setPrices] = useState<PricesView | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<{ availability: string; utilisation: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    fetch("/api/v1/flex_offers/prices", { credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<PricesView>) : Promise.reject(new Error(String(r.status)))))
      .then((p) => {
        if (!live) return;
        setPrices(p);
        setDraft({ availability: p.availability_eur_per_mw_h?.toString() ?? "", utilisation: p.utilisation_eur_per_mwh?.toString() ?? "" });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  /** A field's price: null when empty, undefined when not one (out of range or not a number). */
  const parse = (s: string) => {
    if (!s.trim()) return null;
    const v = Number(s);
    return Number.isFinite(v) && v >= 0 && v <= MAX_PRICE ? v : undefined;
  };
  const availability = draft ? parse(draft.availability) : null;
  const utilisation = draft ? parse(draft.utilisation) : null;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (availability === undefined || utilisation === undefined) return;
    setBusy(true);
    try {
      const res = await fetch("/api/v1/flex_offers/prices", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ availability_eur_per_mw_h: availability, utilisation_eur_per_mwh: utilisation }),
      });
      if (res.ok) {
        setPrices((await res.json()) as PricesView);
        notify(t("pricesSaved"), { type: "info" });
      } else notify(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? t("pricesFailed"), { type: "error" });
    } catch {
      notify(t("pricesFailed"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  const field = (key: "availability" | "utilisation", label: string, bad: boolean) => (
    <MuiTextField
      size="small"
      type="number"
      label={label}
      value={draft?.[key] ?? ""}
      onChange={(e) => setDraft((d) => ({ availability: d?.availability ?? "", utilisation: d?.utilisation ?? "", [key]: e.target.value }))}
      error={bad}
      helperText={bad ? t("priceRange") : " "}
      disabled={!draft}
      slotProps={{ htmlInput: { min: 0, max: MAX_PRICE, step: "any", inputMode: "decimal" } }}
      sx={{ width: { xs: "100%", sm: 220 } }}
    />
  );
  return (
    <Box component="section" aria-labelledby="flex-offer-prices" sx={{ mt: 3 }}>
      <Typography id="flex-offer-prices" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("pricesTitle")}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {t("pricesHint")}
      </Typography>
      {failed ? (
        <Alert severity="error">{t("pricesLoadFailed")}</Alert>
      ) : (
        <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: 2 }}>
          {field("availability", t("availability"), availability === undefined)}
          {field("utilisation", t("utilisation"), utilisation === undefined)}
          <Button type="submit" variant="outlined" disabled={!draft || busy || availability === undefined || utilisation === undefined} sx={{ mt: 0.25 }}>
            {t("save")}
          </Button>
        </Box>
      )}
      {prices && (
        <Typography variant="body2" color="textSecondary">
          {prices.set_at ? t("pricesSetAt", { date: at(prices.set_at) }) : t("pricesNever")}
        </Typography>
      )}
    </Box>
  );
}

/** Above the list: the community's flexibility in the week the filter names, its totals, and the prices. */
function WeekPanel({ defaultWeek }: { defaultWeek: string }) {
  const { t, locale } = useOfferWords();
  const { filterValues, data, total: count, isPending } = useListContext<Offer>();
  const week = weekOf(filterValues.week);
  // the page's offers and their statuses: an answer on one of them (or any refresh that changes them) fetches the week again
  const stamp = (data ?? []).map((r) => `${r.id}:${r.status}`).join(",");
  const { answer, failed, loading } = useWeekFlex(week, stamp);
  const shown = answer?.week ?? week ?? defaultWeek;
  // a week no household sent an offer for: said here, at the top, rather than under the panel
  const noneSent = !isPending && count === 0 && !filterValues.status;
  return (
    <Box component="section" aria-labelledby="flex-offers-week" sx={{ p: 2, borderBottom: 1, borderColor: "divider" }}>
      <Typography id="flex-offers-week" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t("weekTitle", { week: dayWords(shown, locale, true) })}
      </Typography>
      {noneSent ? (
        <Typography color="textSecondary">{t("emptyWeek")}</Typography>
      ) : (
        <>
          {failed && <Alert severity="error">{t("byHourFailed")}</Alert>}
          {loading && <ChartLoading />}
          {answer &&
            (answer.offers === 0 ? (
              <Typography variant="body2" color="textSecondary">
                {t("nothingToChart")}
              </Typography>
            ) : (
              <Stack spacing={1}>
                <WeekTotals answer={answer} />
                <Typography variant="body2" color="textSecondary">
                  {t("chartNote")}
                </Typography>
                <WeekChart answer={answer} />
                <DayTable answer={answer} />
              </Stack>
            ))}
        </>
      )}
      <PricesForm />
    </Box>
  );
}

/** No offer with the status the filter names, in words (a week with none at all: the panel above says so). */
function NoOffers() {
  const t = useTranslations("admin.offers");
  const { filterValues } = useListContext();
  const status = SENT.find((s) => s === filterValues.status);
  if (!status) return null;
  return (
    <Typography color="textSecondary" sx={{ p: 2 }}>
      {t("noneWithStatus", { status: t(`statuses.${status}`) })}
    </Typography>
  );
}

export function FlexOfferList() {
  // a phone gets a few lines per offer (Accept and Reject on the offer's page) rather than a table wider than the screen
  const small = useSmallScreen();
  const { t, locale, when, at, kwh } = useOfferWords();
  const [defaultWeek] = useState(() => comingWeek(Date.now()));
  const filters = useMemo(
    () => [
      <DateInput key="week" source="week" label={t("week")} alwaysOn parse={toMonday} helperText={false} />,
      <SelectInput key="status" source="status" label={t("status")} alwaysOn choices={SENT.map((s) => ({ id: s, name: t(`statuses.${s}`) }))} helperText={false} />,
    ],
    [t],
  );
  const direction = (r: Offer) => t(`directions.${r.direction}`);
  return (
    <List filters={filters} filterDefaultValues={{ week: defaultWeek }} sort={{ field: "starts_at", order: "ASC" }} perPage={25} exporter={false} empty={false} actions={<ExportActions />}>
      <WeekPanel defaultWeek={defaultWeek} />
      {small ? (
        <SimpleList
          linkType="show"
          primaryText={(r: Offer) => r.email}
          secondaryText={(r: Offer) => `${when(r)} · ${direction(r)} · ${wattsText(r.max_power_w, locale)}`}
          tertiaryText={(r: Offer) => t(`statuses.${r.status}`)}
          empty={<NoOffers />}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoOffers />}>
          <TextField source="email" label={t("household")} sortable={false} />
          <TextField source="resource" label={t("resource")} sortable={false} />
          <FunctionField label={t("when")} sortBy="starts_at" render={(r: Offer) => when(r)} />
          <FunctionField label={t("direction")} render={direction} />
          <FunctionField label={t("maxPower")} textAlign="right" render={(r: Offer) => wattsText(r.max_power_w, locale)} />
          <FunctionField label={t("energy")} textAlign="right" render={(r: Offer) => kwh(r.energy_wh)} />
          <FunctionField label={t("status")} render={(r: Offer) => t(`statuses.${r.status}`)} />
          <FunctionField label={t("expires")} render={(r: Offer) => at(r.expires_at)} />
          <FunctionField label={t("decision")} render={(r: Offer) => <DecisionButtons record={r} />} />
        </Datagrid>
      )}
    </List>
  );
}

function ShowActions() {
  const record = useRecordContext<Offer>();
  return <TopToolbar>{record && <DecisionButtons record={record} size="medium" />}</TopToolbar>;
}

/** The household's e-mail, a link to the user. */
function Household({ record }: { record: Offer }) {
  const createPath = useCreatePath();
  return (
    <Link to={createPath({ resource: "users", type: "edit", id: record.user_id })} underline="hover">
      {record.email}
    </Link>
  );
}

/** The offer's periods: its usual use (the baseline), the power offered and, once settled, the use measured. */
function Periods({ record }: { record: Offer }) {
  const { t, locale } = useOfferWords();
  const theme = useSchemeTheme();
  const start = Date.parse(record.starts_at);
  const step = record.step_min * 60_000;
  // the readings' Wh per period as mean power, beside the W offered
  const actualW = useMemo(() => record.actual_wh?.map((wh) => (wh === null ? null : (wh * 60) / record.step_min)) ?? null, [record]);
  const spec = useMemo((): Spec => {
    const c = chartColours(theme);
    const p = theme.palette;
    const w = (v: number | null) => wattsText(v, locale);
    const n = record.power_w.length;
    const series: Series[] = [{ id: "offered", label: t("series.offered"), data: record.power_w, color: record.direction === "down" ? c.consumption : c.production, format: w }];
    if (actualW) series.push({ id: "actual", label: t("series.actual"), data: actualW, color: c.cost, format: w });
    // the usual use a dashed line over the bars, as the events' results draw it
    series.push({ id: "baseline", label: t("series.baseline"), data: record.baseline_w, color: p.mode === "dark" ? p.grey[300] : p.grey[800], format: w, line: { dash: [6, 4] } });
    return {
      title: t("periodsChart"),
      locale,
      live: (bucket, values) => t("chartLive", { bucket, values }),
      series,
      starts: Array.from({ length: n }, (_, i) => new Date(start + i * step).toISOString()),
      ends: Array.from({ length: n }, (_, i) => new Date(start + (i + 1) * step).toISOString()),
      bucket: "30min",
      periodDays: 1,
      yLabel: "W",
      yFormat: (v) => fixedText(v, 0, locale),
    };
  }, [record, actualW, start, step, theme, t, locale]);
  return (
    <>
      <Bars spec={spec} />
      <Box component="details" sx={{ mt: 1, "& > summary": { cursor: "pointer", color: "text.secondary", typography: "body2", py: 0.5 } }}>
        <summary>{t("periodTable")}</summary>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t("period")}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t("series.baseline")}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t("series.offered")}
                </TableCell>
                {actualW && (
                  <TableCell component="th" scope="col" align="right">
                    {t("series.actual")}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {record.power_w.map((p, i) => (
                <TableRow key={i}>
                  <TableCell component="th" scope="row">
                    {parisLocalString(start + i * step).slice(11, 16)}–{parisLocalString(start + (i + 1) * step).slice(11, 16)}
                  </TableCell>
                  <TableCell align="right">{wattsText(record.baseline_w[i], locale)}</TableCell>
                  <TableCell align="right">{wattsText(p, locale)}</TableCell>
                  {actualW && <TableCell align="right">{wattsText(actualW[i], locale)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </>
  );
}

/** What a settled offer delivered and earned. */
function Settlement({ record }: { record: Offer }) {
  const { t, locale, kwh } = useOfferWords();
  const measured = record.actual_wh?.some((v) => v !== null) ?? false;
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, "& dt": { color: "text.secondary" }, "& dd": { m: 0 } }}>
      <dt>{t("delivered")}</dt>
      <dd>{kwh(record.delivered_wh)}</dd>
      <dt>{t("reward")}</dt>
      <dd>{record.reward_eur === null ? "–" : eurText(record.reward_eur, false, locale)}</dd>
      {!measured && (
        <>
          <dt>{t("readings")}</dt>
          <dd>{t("noReadings")}</dd>
        </>
      )}
    </Box>
  );
}

function History({ record }: { record: Offer }) {
  const { t, at } = useOfferWords();
  if (!record.history?.length) return <Typography color="textSecondary">{t("noHistory")}</Typography>;
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" sx={{ maxWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t("status")}
            </TableCell>
            <TableCell component="th" scope="col">
              {t("historyAt")}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.history.map((h, i) => (
            <TableRow key={i}>
              <TableCell>{t(`statuses.${h.status}`)}</TableCell>
              <TableCell>{at(h.at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Below the offer's fields: its periods, its settlement once settled, its history. */
function OfferSections() {
  const { t } = useOfferWords();
  const record = useRecordContext<Offer>();
  if (!record) return null;
  const heading = (id: string, text: string) => (
    <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
      {text}
    </Typography>
  );
  return (
    <Stack spacing={3} sx={{ p: 2, pt: 0 }}>
      <section aria-labelledby="flex-offer-periods">
        {heading("flex-offer-periods", t("periods"))}
        <Periods record={record} />
      </section>
      {record.status === "settled" && (
        <section aria-labelledby="flex-offer-settlement">
          {heading("flex-offer-settlement", t("settlement"))}
          <Settlement record={record} />
        </section>
      )}
      <section aria-labelledby="flex-offer-history">
        {heading("flex-offer-history", t("history"))}
        <History record={record} />
      </section>
    </Stack>
  );
}

export function FlexOfferShow() {
  const { t, locale, when, at, kwh, price } = useOfferWords();
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <FunctionField label={t("household")} render={(r: Offer) => <Household record={r} />} />
        <FunctionField label={t("resource")} render={(r: Offer) => `${r.resource} (${t(`resourceKinds.${r.resource_kind}`)})`} />
        <FunctionField label={t("direction")} render={(r: Offer) => t(`directions.${r.direction}`)} />
        <FunctionField label={t("when")} render={(r: Offer) => `${when(r)} (${t("minutes", { n: r.step_min })})`} />
        <FunctionField label={t("status")} render={(r: Offer) => t(`statuses.${r.status}`)} />
        <FunctionField label={t("expires")} render={(r: Offer) => at(r.expires_at)} />
        <FunctionField label={t("ratedPower")} render={(r: Offer) => wattsText(r.rated_w, locale)} />
        <FunctionField label={t("maxPower")} render={(r: Offer) => wattsText(r.max_power_w, locale)} />
        <FunctionField label={t("energy")} render={(r: Offer) => kwh(r.energy_wh)} />
        <FunctionField label={t("baselineDays")} render={(r: Offer) => t("baselineDaysValue", { n: r.baseline_days.length })} />
        <FunctionField label={t("prices")} render={(r: Offer) => t("pricesValue", { availability: price(r.availability_eur_per_mw_h, "MW/h"), utilisation: price(r.utilisation_eur_per_mwh, "MWh") })} />
        <FunctionField label={t("created")} render={(r: Offer) => at(r.created_at)} />
      </SimpleShowLayout>
      <OfferSections />
    </Show>
  );
}
