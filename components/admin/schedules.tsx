"use client";
// Schedules in the back-office. A split schedule runs its parts, not its main settings (which are
// kept for when it is no longer split): lists and the show page present the parts as the plan, and
// the edit form edits them, checked by the API's own schema before sending (the API checks again).
import {
  ArrayInput, AutocompleteInput, CheckboxGroupInput, Datagrid, Edit, FunctionField, List, NumberInput,
  ReferenceField, ReferenceInput, Show, SimpleForm, SimpleFormIterator, SimpleList, SimpleShowLayout, TextField, TextInput,
  useRecordContext, useSimpleFormIterator,
  type RaRecord,
} from "react-admin";
import { useCallback, useMemo } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useLocale, useTranslations } from "use-intl";
import AddIcon from "@mui/icons-material/AddCircleOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSmallScreen } from "./small-screen";
import { dayTimeText } from "@/components/ui/dates";
import { boundText, dayName, daysText, hoursText, monthName, monthNames, monthsText, planOf, powerText, type PlanPart, type ScheduleWords } from "@/components/schedules/schedule-text";
import { useScheduleWords } from "@/components/schedules/use-schedule-words";
import { WeekGrid } from "@/components/schedules/week-grid";
import { fieldMessage } from "@/components/schedules/schedule-draft";
import { DAYS, HOURS, hourLabel, MAX_PARTS, MONTHS, NAME_MAX, overlappingMonths, POWER_MAX, POWER_MIN } from "@/lib/schedules/rules";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import type { Locale } from "@/lib/shared/locale.mjs";

type Part = { months: number[]; days: number[]; hours: number[]; average_power: number };
type Data = Part & { der_name: string; start_date: string; schedules?: Part[] };
type ScheduleRow = RaRecord & { user_id: number; der_name: string; data: Data; updated_at: string };

const hourChoices = HOURS.map((h) => ({ id: h, name: hourLabel(h) }));

type AdminT = ReturnType<typeof useTranslations<"admin.schedules">>;

/** "Split in 2" (a split schedule), null when the main settings run. */
const splitTitle = (plan: PlanPart[], t: AdminT) => (plan[0].label ? (plan.length === 1 ? t("splitOne") : t("splitIn", { count: String(plan.length) })) : null);
const partText = (p: PlanPart, words: ScheduleWords) =>
  `${powerText(p.average_power, words.locale)} · ${monthsText(p.months, words)} · ${daysText(p.days, words)} · ${hoursText(p.hours, words)}`;

/**
 * What runs, a line per part: "Split in 2", "Part 1 · 2,000 W · January–March, October–December ·
 * Every day · 10:00–16:00", ...; a schedule that is not split is its main settings on one line.
 * Spans, so that it may sit inside a list line's paragraph.
 */
function PlanLines({ data }: { data: Data }) {
  const t = useTranslations("admin.schedules");
  const words = useScheduleWords();
  const plan = planOf(data, words);
  const title = splitTitle(plan, t);
  return (
    <Box component="span" sx={{ display: "block" }}>
      {title && (
        <Box component="span" sx={{ display: "block", fontWeight: 700 }}>
          {title}
        </Box>
      )}
      {plan.map((p, i) => (
        <Box component="span" key={i} sx={{ display: "block" }}>
          {p.label && (
            <Box component="span" sx={{ fontWeight: 600 }}>
              {p.label} ·{" "}
            </Box>
          )}
          {partText(p, words)}
        </Box>
      ))}
    </Box>
  );
}

function useScheduleFilters() {
  const t = useTranslations("admin.schedules");
  return [
    <ReferenceInput key="user_id" source="user_id" reference="users" alwaysOn>
      <AutocompleteInput label={t("user")} optionText="email" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
  ];
}

export function ScheduleList() {
  // a phone gets a few lines per schedule rather than a table wider than the screen
  const small = useSmallScreen();
  const t = useTranslations("admin.schedules");
  const locale = useLocale();
  return (
    <List filters={useScheduleFilters()} sort={{ field: "id", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList
          linkType="show"
          primaryText={(r: ScheduleRow) => r.der_name}
          secondaryText={(r: ScheduleRow) => (
            <>
              {/* the owner on a line of its own: beside the name, a long e-mail ran into it */}
              <ReferenceField source="user_id" reference="users" link={false} sx={{ display: "block" }}>
                <TextField source="email" />
              </ReferenceField>
              <PlanLines data={r.data} />
            </>
          )}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="der_name" label={t("resource")} />
          <ReferenceField source="user_id" reference="users" label={t("user")} link="edit">
            <TextField source="email" />
          </ReferenceField>
          <FunctionField label={t("plan")} render={(r: ScheduleRow) => <PlanLines data={r.data} />} />
          <FunctionField source="updated_at" label={t("updated")} render={(r: ScheduleRow) => dayTimeText(new Date(r.updated_at), locale)} />
        </Datagrid>
      )}
    </List>
  );
}

/** The plan on the show page: each part (or the main settings) as a week grid under its months and power. */
function PlanField(_props: { label?: string }) {
  const record = useRecordContext<ScheduleRow>();
  const t = useTranslations("admin.schedules");
  const words = useScheduleWords();
  if (!record) return null;
  const plan = planOf(record.data, words);
  const title = splitTitle(plan, t);
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mt: 0.5 }}>
      {title && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <Chip size="small" color="primary" label={title} />
          <Typography variant="body2" color="textSecondary">
            {t("partsRun")}
          </Typography>
        </Stack>
      )}
      {plan.map((p, i) => (
        <WeekGrid key={i} part={p} tone={i % 2 ? "secondary" : "primary"} dense words={words} />
      ))}
    </Stack>
  );
}

export function ScheduleShow() {
  const t = useTranslations("admin.schedules");
  const locale = useLocale();
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="der_name" label={t("resource")} />
        <ReferenceField source="user_id" reference="users" label={t("user")} link="edit">
          <TextField source="email" />
        </ReferenceField>
        <PlanField label={t("plan")} />
        <FunctionField label={t("startDate")} render={(r: ScheduleRow) => dayTimeText(new Date(r.data.start_date), locale)} />
        <FunctionField label={t("updated")} render={(r: ScheduleRow) => dayTimeText(new Date(r.updated_at), locale)} />
      </SimpleShowLayout>
    </Show>
  );
}

type FormValues = { data?: Record<string, unknown> & { schedules?: Record<string, unknown>[] | null } };

/** An empty number input is null in the form; the schema then says "required" rather than "must be a number". */
const noNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

/** The fields the form has: the main ones (data.x) and each part's (data.schedules.i.x). */
const PART_FIELDS = new Set(["months", "days", "hours", "average_power"]);

type ErrorsT = ReturnType<typeof useTranslations<"schedules.errors">>;
type Issue = { code: string; message: string };

/**
 * A field's issue in the page's language: the household editor's words for what the form can get
 * wrong (the same as the API's in English: lib/validation/schedule.ts), else the API's own message.
 */
function issueText(field: string, issue: Issue, value: unknown, t: ErrorsT, locale: Locale): string {
  const own = fieldMessage(field, issue.code, value === undefined || value === null || value === "");
  if (!own) return issue.message;
  const bound = (n: number) => boundText(n, locale);
  return t(own, own === "nameTooLong" ? { max: bound(NAME_MAX) } : { min: bound(POWER_MIN), max: bound(POWER_MAX) });
}

/**
 * The API's schema (lib/validation/schedule.ts) run in the browser, its messages under the fields.
 * Overlapping months go under each overlapping part's months, with the API's own summary.
 */
function useValidateSchedule() {
  const t = useTranslations("admin.schedules");
  const errors = useTranslations("schedules.errors");
  const locale = useLocale();
  return useCallback(
    (values: FormValues) => {
      const data = values.data ?? {};
      const input = { ...noNulls(data), schedules: data.schedules ? data.schedules.map(noNulls) : undefined };
      const r = scheduleDataSchema.safeParse(input);
      if (r.success) return {};
      const main: Record<string, string> = {};
      const parts: Record<string, string>[] = (data.schedules ?? []).map(() => ({}));
      for (const issue of r.error.issues) {
        const [first, index, field] = issue.path;
        if (first === "schedules" && typeof index === "number" && typeof field === "string" && PART_FIELDS.has(field) && parts[index])
          parts[index][field] ??= issueText(field, issue, data.schedules?.[index]?.[field], errors, locale);
        else if (first === "schedules" && index === undefined) {
          const overlap = overlappingMonths((data.schedules ?? []).map((p) => ({ months: Array.isArray(p.months) ? (p.months as number[]) : [] })));
          parts.forEach((p, i) => {
            const own = overlap.filter((m) => ((data.schedules?.[i].months as number[] | undefined) ?? []).includes(m));
            if (own.length) p.months ??= t("overlap", { months: monthNames(own, locale) });
          });
        } else if (typeof first === "string") main[first] ??= issueText(first, issue, data[first], errors, locale);
      }
      return { data: { ...main, ...(parts.some((p) => Object.keys(p).length) ? { schedules: parts } : {}) } };
    },
    [t, errors, locale],
  );
}

/** The record goes back whole (the API takes it); the name is kept in step with data.der_name. */
const syncName = (r: { der_name?: string; data: Data }) => ({ ...r, der_name: r.data.der_name });

/**
 * A part's (or the main settings') power, months, days and hours, `prefix` before each source. An
 * array, not a component: SimpleFormIterator reads its children's sources.
 */
const partInputs = (labels: PartLabels, prefix = "") => [
  <NumberInput key="power" source={`${prefix}average_power`} label={labels.power} min={POWER_MIN} max={POWER_MAX} helperText={labels.powerHelp} />,
  <CheckboxGroupInput key="months" source={`${prefix}months`} label={labels.months} choices={labels.monthChoices} />,
  <CheckboxGroupInput key="days" source={`${prefix}days`} label={labels.days} choices={labels.dayChoices} />,
  <CheckboxGroupInput key="hours" source={`${prefix}hours`} label={labels.hours} choices={hourChoices} />,
];

type PartLabels = ReturnType<typeof usePartLabels>;

/** The part inputs' labels and choices in the page's language: "1 · January", "1 · janvier". */
function usePartLabels() {
  const t = useTranslations("admin.schedules");
  const locale = useLocale();
  return useMemo(
    () => ({
      power: t("averagePower"),
      powerHelp: t("powerHelp", { min: boundText(POWER_MIN, locale), max: boundText(POWER_MAX, locale) }),
      months: t("months"),
      days: t("days"),
      hours: t("hours"),
      monthChoices: MONTHS.map((m) => ({ id: m, name: `${m} · ${monthName(m, locale)}` })),
      dayChoices: DAYS.map((d) => ({ id: d, name: `${d} · ${dayName(d, locale)}` })),
    }),
    [t, locale],
  );
}

/** A new part: the main settings' power, days and hours, in the months no other part has. */
function newPart(data: Partial<Data> | undefined): Part {
  const taken = new Set((data?.schedules ?? []).flatMap((p) => p?.months ?? []));
  return {
    average_power: data?.average_power ?? POWER_MIN,
    months: (data?.months ?? [...MONTHS]).filter((m) => !taken.has(m)),
    days: [...(data?.days ?? DAYS)],
    hours: [...(data?.hours ?? [])],
  };
}

/** "Split: add part 1", "Add part 2" (react-admin's own is a bare icon). */
function AddPartButton() {
  const { add, total } = useSimpleFormIterator();
  const t = useTranslations("admin.schedules");
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add()}>
      {total ? t("addPart", { n: String(total + 1) }) : t("splitAddFirst")}
    </Button>
  );
}

/** The parts, at most MAX_PARTS; none means the schedule is not split. */
function SplitParts() {
  const parts = (useWatch({ name: "data.schedules" }) as unknown[] | null | undefined) ?? [];
  const { getValues } = useFormContext();
  const t = useTranslations("admin.schedules");
  const words = useScheduleWords();
  const labels = usePartLabels();
  return (
    <Box sx={{ width: "100%" }}>
      <Typography variant="h6" component="h2">
        {parts.length ? t("splitHeading", { count: String(parts.length) }) : t("notSplit")}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {parts.length
          ? t("splitHelp")
          : t("notSplitHelp", { max: String(MAX_PARTS) })}
      </Typography>
      <ArrayInput source="data.schedules" label={false} helperText={false}>
        <SimpleFormIterator
          disableReordering
          disableClear
          disableAdd={parts.length >= MAX_PARTS}
          getItemLabel={(i) => words.part(i + 1)}
          addButton={<AddPartButton />}
          getItemDefaults={() => newPart(getValues("data") as Partial<Data> | undefined)}
          fullWidth
        >
          {partInputs(labels)}
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

function MainHeading() {
  const parts = (useWatch({ name: "data.schedules" }) as unknown[] | null | undefined) ?? [];
  const t = useTranslations("admin.schedules");
  return (
    <Box sx={{ width: "100%", mt: 2 }}>
      <Typography variant="h6" component="h2">
        {t("mainSettings")}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {parts.length ? t("mainUnused") : t("mainRuns")}
      </Typography>
    </Box>
  );
}

export function ScheduleEdit() {
  const t = useTranslations("admin.schedules");
  const validate = useValidateSchedule();
  const labels = usePartLabels();
  return (
    <Edit mutationMode="pessimistic" transform={syncName}>
      <SimpleForm validate={validate}>
        <TextInput source="data.der_name" label={t("resourceName")} />
        <SplitParts />
        <MainHeading />
        {partInputs(labels, "data.")}
      </SimpleForm>
    </Edit>
  );
}
