"use client";
import {
  AutocompleteInput, CheckboxGroupInput, Datagrid, Edit, FunctionField, List, NumberField, NumberInput,
  ReferenceField, ReferenceInput, Show, SimpleForm, SimpleList, SimpleShowLayout, TextField, TextInput, maxValue, minValue,
  required, useRecordContext,
  type RaRecord,
} from "react-admin";
import { useSmallScreen } from "./small-screen";
import { dayTimeText } from "@/components/ui/dates";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { DAY_NAMES, DAYS, HOURS, hourLabel, MONTH_NAMES, MONTHS, POWER_MAX, POWER_MIN } from "@/lib/schedules/rules";

type Part = { months: number[]; days: number[]; hours: number[]; average_power: number };
type Data = Part & { der_name: string; start_date: string; schedules?: Part[] };

const monthChoices = MONTHS.map((m) => ({ id: m, name: `${m} · ${MONTH_NAMES[m - 1]}` }));
const dayChoices = DAYS.map((d) => ({ id: d, name: `${d} · ${DAY_NAMES[d]}` }));
const hourChoices = HOURS.map((h) => ({ id: h, name: hourLabel(h) }));
const atLeastOne = (label: string) => (v: unknown) => (Array.isArray(v) && v.length ? undefined : `Choose at least one ${label}`);

const months = (m: number[]) => m.map((x) => MONTH_NAMES[x - 1].slice(0, 3)).join(", ");
const days = (d: number[]) => d.map((x) => DAY_NAMES[x].slice(0, 3)).join(", ");
const hours = (h: number[]) => h.map(hourLabel).join(", ");

const scheduleFilters = [
  <ReferenceInput key="user_id" source="user_id" reference="users" alwaysOn>
    <AutocompleteInput label="User" optionText="email" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
];

export function ScheduleList() {
  // a phone gets one line per schedule rather than a table wider than the screen
  const small = useSmallScreen();
  return (
    <List filters={scheduleFilters} sort={{ field: "id", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList
          linkType="show"
          primaryText={(r: RaRecord) => r.der_name}
          secondaryText={(r: RaRecord) => `${(r.data as Data).average_power} W · ${months((r.data as Data).months)}`}
          tertiaryText={
            <ReferenceField source="user_id" reference="users" link={false}>
              <TextField source="email" />
            </ReferenceField>
          }
        />
      ) : (
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="der_name" label="Resource" />
        <ReferenceField source="user_id" reference="users" label="User" link="edit">
          <TextField source="email" />
        </ReferenceField>
        <NumberField source="data.average_power" label="Power (W)" sortable={false} />
        <FunctionField label="Months" render={(r: { data: Data }) => months(r.data.months)} />
        <FunctionField source="updated_at" label="Updated" render={(r: { updated_at: string }) => dayTimeText(new Date(r.updated_at))} />
      </Datagrid>
      )}
    </List>
  );
}

function Parts() {
  const record = useRecordContext<{ id: number; data: Data }>();
  const parts = record?.data.schedules ?? [];
  if (!parts.length) return <span>Not split</span>;
  return (
    <Stack spacing={1}>
      {parts.map((p, i) => (
        <Stack key={i} direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Chip size="small" label={`Part ${i + 1}: ${p.average_power} W`} />
          <span>
            {months(p.months)} · {days(p.days)} · {hours(p.hours)}
          </span>
        </Stack>
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
        <NumberField source="data.average_power" label="Average power (W)" />
        <FunctionField label="Months" render={(r: { data: Data }) => months(r.data.months)} />
        <FunctionField label="Days" render={(r: { data: Data }) => days(r.data.days)} />
        <FunctionField label="Hours" render={(r: { data: Data }) => hours(r.data.hours)} />
        <FunctionField label="Start date" render={(r: { data: Data }) => dayTimeText(new Date(r.data.start_date))} />
        <FunctionField label="Split parts" render={() => <Parts />} />
        <FunctionField label="Updated" render={(r: { updated_at: string }) => dayTimeText(new Date(r.updated_at))} />
      </SimpleShowLayout>
    </Show>
  );
}

/** The record goes back whole (the API takes it); the name is kept in step with data.der_name. */
const syncName = (r: { der_name?: string; data: Data }) => ({ ...r, der_name: r.data.der_name });

export function ScheduleEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={syncName}>
      <SimpleForm>
        <TextInput source="data.der_name" label="Resource name" validate={required()} />
        <NumberInput source="data.average_power" label="Average power (W)" min={POWER_MIN} max={POWER_MAX} validate={[required(), minValue(POWER_MIN), maxValue(POWER_MAX)]} />
        <CheckboxGroupInput source="data.months" label="Months (1 = January)" choices={monthChoices} validate={atLeastOne("month")} />
        <CheckboxGroupInput source="data.days" label="Days (0 = Monday)" choices={dayChoices} validate={atLeastOne("day")} />
        <CheckboxGroupInput source="data.hours" label="Hours (0 to 23)" choices={hourChoices} validate={atLeastOne("hour")} />
      </SimpleForm>
    </Edit>
  );
}
