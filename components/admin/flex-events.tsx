"use client";
// Community events in the back-office (docs/flexibility.md): the operator plans one (a window on a
// day, Paris time, a direction, a reward per kWh, an invitation), sees who takes part and, once
// settled, each household's result and the total; exports them as CSV; cancels one before it starts.
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import {
  Create, Datagrid, DateInput, FunctionField, List, NumberField, NumberInput, SelectInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput,
  TopToolbar, required, useNotify, useRecordContext, useRefresh,
} from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { addDays, parisDayStart, parisToUtc } from "@/lib/time/paris";
import { HALF_HOURS } from "@/components/ui/dates";
import type { OperatorEventView, toResultRowView } from "@/lib/serializers/flex";

type Row = ReturnType<typeof toResultRowView>;

const VERDICTS = { good: "verdicts.good", fair: "verdicts.fair", poor: "verdicts.poor", unknown: "verdicts.unknown" } as const;

const fromChoices = HALF_HOURS.map((h) => ({ id: h, name: h }));
const toChoices = [...HALF_HOURS.slice(1), "24:00"].map((h) => ({ id: h, name: h }));

/** The form's day and Paris times as the API's instants (an end at 24:00 is the next midnight). */
function toEventBody(v: Record<string, unknown>) {
  const day = String(v.day ?? "");
  const at = (hhmm: unknown) => {
    if (typeof hhmm !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
    const t = hhmm === "24:00" ? parisDayStart(addDays(day, 1)) : parisToUtc(`${day} ${hhmm}:00`);
    return t === null ? undefined : new Date(t).toISOString();
  };
  return { title: v.title, message: v.message, direction: v.direction, starts_at: at(v.from), ends_at: at(v.to), reward_per_kwh: v.reward_per_kwh };
}

const kwh = (wh: number, locale: string) => (wh / 1000).toLocaleString(locale === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 2 });
const eur = (v: number, locale: string) => v.toLocaleString(locale === "fr" ? "fr-FR" : "en-GB", { style: "currency", currency: "EUR" });

function useWords() {
  const t = useTranslations("admin.flex");
  const locale = useLocale();
  return { t, locale, when: (r: OperatorEventView) => `${r.day} ${r.from}–${r.to}` };
}

export function FlexEventList() {
  const { t, locale, when } = useWords();
  return (
    <List sort={{ field: "starts_at", order: "DESC" }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="title" label={t("title")} />
        <FunctionField label={t("when")} render={(r: OperatorEventView) => when(r)} />
        <FunctionField label={t("direction")} render={(r: OperatorEventView) => t(`directions.${r.direction}`)} />
        <FunctionField label={t("reward")} render={(r: OperatorEventView) => eur(r.reward_per_kwh, locale)} />
        <NumberField source="participants" label={t("participants")} />
        <FunctionField label={t("status")} render={(r: OperatorEventView) => t(`statuses.${r.status}`)} />
        <FunctionField label={t("delivered")} render={(r: OperatorEventView) => `${kwh(r.delivered_wh, locale)} kWh`} />
      </Datagrid>
    </List>
  );
}

export function FlexEventCreate() {
  const { t } = useWords();
  return (
    <Create transform={toEventBody} redirect="show">
      <SimpleForm defaultValues={{ direction: "down", from: "18:00", to: "20:00", reward_per_kwh: 0.3 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("createHint")}
        </Alert>
        <TextInput source="title" label={t("title")} validate={required()} fullWidth />
        <SelectInput source="direction" label={t("direction")} choices={[{ id: "down", name: t("directions.down") }, { id: "up", name: t("directions.up") }]} validate={required()} />
        <DateInput source="day" label={t("day")} validate={required()} />
        <Box sx={{ display: "flex", gap: 2 }}>
          <SelectInput source="from" label={t("from")} choices={fromChoices} validate={required()} />
          <SelectInput source="to" label={t("to")} choices={toChoices} validate={required()} />
        </Box>
        <NumberInput source="reward_per_kwh" label={t("reward")} min={0} max={10} step={0.05} validate={required()} />
        <TextInput source="message" label={t("message")} multiline minRows={3} validate={required()} fullWidth helperText={t("messageHint")} />
      </SimpleForm>
    </Create>
  );
}

function CancelButton() {
  const { t } = useWords();
  const record = useRecordContext<OperatorEventView>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== "upcoming") return null;
  const cancel = async () => {
    if (!window.confirm(t("cancelConfirm"))) return;
    setBusy(true);
    const res = await fetch(`/api/v1/flex_events/${record.id}/cancel`, { method: "POST", credentials: "same-origin" });
    setBusy(false);
    if (res.ok) {
      notify(t("cancelled"), { type: "info" });
      refresh();
    } else notify(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? t("cancelFailed"), { type: "error" });
  };
  return (
    <Button color="error" onClick={() => void cancel()} disabled={busy}>
      {t("cancel")}
    </Button>
  );
}

function ShowActions() {
  const { t } = useWords();
  const record = useRecordContext<OperatorEventView>();
  return (
    <TopToolbar>
      {record && (
        <Button href={`/api/v1/flex_events/${record.id}/results?format=csv`} download>
          {t("exportCsv")}
        </Button>
      )}
      <CancelButton />
    </TopToolbar>
  );
}

function Results() {
  const { t, locale } = useWords();
  const record = useRecordContext<OperatorEventView>();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!record) return;
    let live = true;
    fetch(`/api/v1/flex_events/${record.id}/results`, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((v: { households: Row[] }) => live && setRows(v.households))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [record]);
  if (!record) return null;
  if (failed) return <Alert severity="error">{t("resultsFailed")}</Alert>;
  if (!rows) return <Typography color="textSecondary">{t("loading")}</Typography>;
  if (!rows.length) return <Typography color="textSecondary">{t("noParticipants")}</Typography>;
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t("results")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("household")}</TableCell>
            <TableCell>{t("status")}</TableCell>
            <TableCell>{t("predictability")}</TableCell>
            <TableCell align="right">{t("baseline")}</TableCell>
            <TableCell align="right">{t("actual")}</TableCell>
            <TableCell align="right">{t("delivered")}</TableCell>
            <TableCell align="right">{t("rewardEur")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const res = r.result;
            const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
            return (
              <TableRow key={r.user_id}>
                <TableCell>
                  {r.email}
                  {r.auto ? ` (${t("auto")})` : ""}
                </TableCell>
                <TableCell>{t(`results_.${res?.status ?? (record.status === "upcoming" || record.status === "running" ? "entered" : "pending")}`)}</TableCell>
                <TableCell>{r.predictability && r.predictability in VERDICTS ? t(VERDICTS[r.predictability as keyof typeof VERDICTS]) : "–"}</TableCell>
                <TableCell align="right">{res?.status === "settled" ? kwh(sum(res.baseline_wh), locale) : "–"}</TableCell>
                <TableCell align="right">{res && res.actual_wh.length ? kwh(sum(res.actual_wh), locale) : "–"}</TableCell>
                <TableCell align="right">{res?.status === "settled" ? kwh(res.delivered_wh, locale) : "–"}</TableCell>
                <TableCell align="right">{res?.status === "settled" ? eur(res.reward_eur, locale) : "–"}</TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t("total")}</TableCell>
            <TableCell>{t("settledCount", { n: record.settled_households })}</TableCell>
            <TableCell />
            <TableCell />
            <TableCell />
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {kwh(record.delivered_wh, locale)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {eur(record.reward_eur, locale)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

export function FlexEventShow() {
  const { t, locale, when } = useWords();
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <TextField source="title" label={t("title")} />
        <FunctionField label={t("when")} render={(r: OperatorEventView) => when(r)} />
        <FunctionField label={t("direction")} render={(r: OperatorEventView) => t(`directions.${r.direction}`)} />
        <FunctionField label={t("reward")} render={(r: OperatorEventView) => eur(r.reward_per_kwh, locale)} />
        <FunctionField label={t("status")} render={(r: OperatorEventView) => t(`statuses.${r.status}`)} />
        <TextField source="message" label={t("message")} sx={{ whiteSpace: "pre-line" }} />
        <NumberField source="participants" label={t("participants")} />
        <FunctionField label={t("results")} render={() => <Results />} />
      </SimpleShowLayout>
    </Show>
  );
}
