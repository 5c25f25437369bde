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
import { useFormContext, useWatch } from "react-hook-form";
import AddIcon from "@mui/icons-material/AddCircleOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSmallScreen } from "./small-screen";
import { dayTimeText } from "@/components/ui/dates";
import { daysText, hoursText, monthNames, monthsText, planOf, powerText, type PlanPart } from "@/components/schedules/schedule-text";
import { WeekGrid } from "@/components/schedules/week-grid";
import { DAY_NAMES, DAYS, HOURS, hourLabel, MAX_PARTS, MONTH_NAMES, MONTHS, OVERLAP_DETAIL, overlappingMonths, POWER_MAX, POWER_MIN } from "@/lib/schedules/rules";
import { scheduleDataSchema } from "@/lib/validation/schedule";

type Part = { months: number[]; days: number[]; hours: number[]; average_power: number };
type Data = Part & { der_name: string; start_date: string; schedules?: Part[] };
type ScheduleRow = RaRecord & { user_id: number; der_name: string; data: Data; updated_at: string };

const monthChoices = MONTHS.map((m) => ({ id: m, name: `${m} · ${MONTH_NAMES[m - 1]}` }));
const dayChoices = DAYS.map((d) => ({ id: d, name: `${d} · ${DAY_NAMES[d]}` }));
const hourChoices = HOURS.map((h) => ({ id: h, name: hourLabel(h) }));

/** "Split in 2" (a split schedule), null when the main settings run. */
const splitTitle = (plan: PlanPart[]) => (plan[0].label ? (plan.length === 1 ? "Split: one part" : `Split in ${plan.length}`) : null);
const partText = (p: PlanPart) => `${powerText(p.average_power)} · ${monthsText(p.months)} · ${daysText(p.days)} · ${hoursText(p.hours)}`;

/**
 * What runs, a line per part: "Split in 2", "Part 1 · 2,000 W · January–March, October–December ·
 * Every day · 10:00–16:00", ...; a schedule that is not split is its main settings on one line.
 * Spans, so that it may sit inside a list line's paragraph.
 */
function PlanLines({ data }: { data: Data }) {
  const plan = planOf(data);
  const title = splitTitle(plan);
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
          {partText(p)}
        </Box>
      ))}
    </Box>
  );
}

const scheduleFilters = [
  <ReferenceInput key="user_id" source="user_id" reference="users" alwaysOn>
    <AutocompleteInput label="User" optionText="email" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
];

export function ScheduleList() {
  // a phone gets a few lines per schedule rather than a table wider than the screen
  const small = useSmallScreen();
  return (
    <List filters={scheduleFilters} sort={{ field: "id", order: "ASC" }} perPage={25}>
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
          <TextField source="der_name" label="Resource" />
          <ReferenceField source="user_id" reference="users" label="User" link="edit">
            <TextField source="email" />
          </ReferenceField>
          <FunctionField label="Plan" render={(r: ScheduleRow) => <PlanLines data={r.data} />} />
          <FunctionField source="updated_at" label="Updated" render={(r: ScheduleRow) => dayTimeText(new Date(r.updated_at))} />
        </Datagrid>
      )}
    </List>
  );
}

/** The plan on the show page: each part (or the main settings) as a week grid under its months and power. */
function PlanField(_props: { label?: string }) {
  const record = useRecordContext<ScheduleRow>();
  if (!record) return null;
  const plan = planOf(record.data);
  const title = splitTitle(plan);
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mt: 0.5 }}>
      {title && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <Chip size="small" color="primary" label={title} />
          <Typography variant="body2" color="text.secondary">
            The parts run; the main settings are kept for when it is no longer split.
          </Typography>
        </Stack>
      )}
      {plan.map((p, i) => (
        <WeekGrid key={i} part={p} tone={i % 2 ? "secondary" : "primary"} dense />
      ))}
    </Stack>
  );
}

export function ScheduleShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="der_name" label="Resource" />
        <ReferenceField source="user_id" reference="users" label="User" link="edit">
          <TextField source="email" />
        </ReferenceField>
        <PlanField label="Plan" />
        <FunctionField label="Start date" render={(r: ScheduleRow) => dayTimeText(new Date(r.data.start_date))} />
        <FunctionField label="Updated" render={(r: ScheduleRow) => dayTimeText(new Date(r.updated_at))} />
      </SimpleShowLayout>
    </Show>
  );
}

type FormValues = { data?: Record<string, unknown> & { schedules?: Record<string, unknown>[] | null } };

/** An empty number input is null in the form; the schema then says "required" rather than "must be a number". */
const noNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

/** The fields the form has: the main ones (data.x) and each part's (data.schedules.i.x). */
const PART_FIELDS = new Set(["months", "days", "hours", "average_power"]);

/**
 * The API's schema (lib/validation/schedule.ts) run in the browser, its messages under the fields.
 * Overlapping months go under each overlapping part's months, with the API's own summary.
 */
function validateSchedule(values: FormValues) {
  const data = values.data ?? {};
  const input = { ...noNulls(data), schedules: data.schedules ? data.schedules.map(noNulls) : undefined };
  const r = scheduleDataSchema.safeParse(input);
  if (r.success) return {};
  const main: Record<string, string> = {};
  const parts: Record<string, string>[] = (data.schedules ?? []).map(() => ({}));
  for (const issue of r.error.issues) {
    const [first, index, field] = issue.path;
    if (first === "schedules" && typeof index === "number" && typeof field === "string" && PART_FIELDS.has(field) && parts[index]) parts[index][field] ??= issue.message;
    else if (first === "schedules" && index === undefined) {
      const overlap = overlappingMonths((data.schedules ?? []).map((p) => ({ months: Array.isArray(p.months) ? (p.months as number[]) : [] })));
      parts.forEach((p, i) => {
        const own = overlap.filter((m) => ((data.schedules?.[i].months as number[] | undefined) ?? []).includes(m));
        if (own.length) p.months ??= `${OVERLAP_DETAIL}: ${monthNames(own)}`;
      });
    } else if (typeof first === "string") main[first] ??= issue.message;
  }
  return { data: { ...main, ...(parts.some((p) => Object.keys(p).length) ? { schedules: parts } : {}) } };
}

/** The record goes back whole (the API takes it); the name is kept in step with data.der_name. */
const syncName = (r: { der_name?: string; data: Data }) => ({ ...r, der_name: r.data.der_name });

/**
 * A part's (or the main settings') power, months, days and hours, `prefix` before each source. An
 * array, not a component: SimpleFormIterator reads its children's sources.
 */
const partInputs = (prefix = "") => [
  <NumberInput key="power" source={`${prefix}average_power`} label="Average power (W)" min={POWER_MIN} max={POWER_MAX} helperText={`${POWER_MIN} to ${POWER_MAX} W`} />,
  <CheckboxGroupInput key="months" source={`${prefix}months`} label="Months" choices={monthChoices} />,
  <CheckboxGroupInput key="days" source={`${prefix}days`} label="Days" choices={dayChoices} />,
  <CheckboxGroupInput key="hours" source={`${prefix}hours`} label="Hours" choices={hourChoices} />,
];

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
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add()}>
      {total ? `Add part ${total + 1}` : "Split: add part 1"}
    </Button>
  );
}

/** The parts, at most MAX_PARTS; none means the schedule is not split. */
function SplitParts() {
  const parts = (useWatch({ name: "data.schedules" }) as unknown[] | null | undefined) ?? [];
  const { getValues } = useFormContext();
  return (
    <Box sx={{ width: "100%" }}>
      <Typography variant="h6" component="h2">
        {parts.length ? `Split in ${parts.length}: the parts run` : "Not split"}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {parts.length
          ? "No month may be in two parts. Removing every part runs the main settings below again."
          : `Add up to ${MAX_PARTS} parts to run different powers or hours in different months.`}
      </Typography>
      <ArrayInput source="data.schedules" label={false} helperText={false}>
        <SimpleFormIterator
          disableReordering
          disableClear
          disableAdd={parts.length >= MAX_PARTS}
          getItemLabel={(i) => `Part ${i + 1}`}
          addButton={<AddPartButton />}
          getItemDefaults={() => newPart(getValues("data") as Partial<Data> | undefined)}
          fullWidth
        >
          {partInputs()}
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

function MainHeading() {
  const parts = (useWatch({ name: "data.schedules" }) as unknown[] | null | undefined) ?? [];
  return (
    <Box sx={{ width: "100%", mt: 2 }}>
      <Typography variant="h6" component="h2">
        Main settings
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {parts.length ? "Not used while the schedule is split; kept for when it is not." : "What runs: this schedule is not split."}
      </Typography>
    </Box>
  );
}

export function ScheduleEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={syncName}>
      <SimpleForm validate={validateSchedule}>
        <TextInput source="data.der_name" label="Resource name" />
        <SplitParts />
        <MainHeading />
        {partInputs("data.")}
      </SimpleForm>
    </Edit>
  );
}
