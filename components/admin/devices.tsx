"use client";
import {
  ArrayField, AutocompleteInput, Datagrid, Edit, FormDataConsumer, FunctionField, List, ReferenceField, ReferenceInput, SearchInput,
  SelectInput, SimpleForm, SimpleList, TextField, TextInput, required,
  type RaRecord,
} from "react-admin";
import { useLocale, useTranslations } from "use-intl";
import { useSmallScreen } from "./small-screen";
import { DATA_SOURCES, DEVICE_TYPES, PHASES, type Phase } from "@/lib/enums";
import { dataSourceLabel, deviceTypeLabel, phaseLabel } from "@/lib/devices/labels";

type Names = { type: (code: string | null) => string | null; source: (code: string | null) => string | null; phase: (code: string | null) => string | null };

/**
 * How the codes read: in English the contract's own codes, as the back-office has always shown
 * them; in French, the device pages' words (lib/devices/labels.ts, the "devices" catalog).
 */
export function useCodeNames(): Names {
  const locale = useLocale();
  const t = useTranslations("devices.labels");
  if (locale === "en") return { type: (c) => c, source: (c) => c, phase: (c) => c };
  return { type: (c) => deviceTypeLabel(c, t), source: (c) => dataSourceLabel(c, t), phase: (c) => (c ? phaseLabel(c as Phase, t) : null) };
}

const choices = (values: readonly string[], name: (code: string) => string | null) => values.map((v) => ({ id: v, name: name(v) ?? v }));

function useDeviceFilters() {
  const t = useTranslations("admin.devices");
  const names = useCodeNames();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t("search")} />,
    <ReferenceInput key="user_id" source="user_id" reference="users">
      <AutocompleteInput label={t("owner")} optionText="email" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <SelectInput key="type" source="type" choices={choices(DEVICE_TYPES, names.type)} />,
  ];
}

type DeviceRow = RaRecord & { name: string; type: string | null; data_source: string | null; measurement_type: string | null };

export function DeviceList() {
  // a phone gets one line per device rather than a table wider than the screen
  const small = useSmallScreen();
  const t = useTranslations("admin.devices");
  const names = useCodeNames();
  return (
    <List filters={useDeviceFilters()} sort={{ field: "id", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList
          linkType="edit"
          primaryText={(r: DeviceRow) => r.name}
          secondaryText={(r: DeviceRow) => (
            <>
              {/* the owner on a line of its own: beside the name, a long e-mail ran into it */}
              <ReferenceField source="user_id" reference="users" link={false} sx={{ display: "block" }}>
                <TextField source="email" />
              </ReferenceField>
              {[names.type(r.type), names.source(r.data_source), names.phase(r.measurement_type)].filter(Boolean).join(" · ") || t("noTypeOrSource")}
            </>
          )}
        />
      ) : (
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" label={t("deviceId")} />
        <FunctionField source="type" render={(r: DeviceRow) => names.type(r.type)} />
        <FunctionField source="data_source" label={t("source")} render={(r: DeviceRow) => names.source(r.data_source)} />
        <FunctionField source="measurement_type" label={t("phase")} render={(r: DeviceRow) => names.phase(r.measurement_type)} />
        <ReferenceField source="user_id" reference="users" label={t("owner")} link="edit">
          <TextField source="email" />
        </ReferenceField>
        <ReferenceField source="location_id" reference="locations" label={t("location")} link={false}>
          <TextField source="name" />
        </ReferenceField>
      </Datagrid>
      )}
    </List>
  );
}

/** Only what the devices view may change; the measures are read-only here. */
const keepEditable = ({ name, type, data_source, measurement_type, user_id, location_id }: Record<string, unknown>) => ({
  name, type, data_source, measurement_type, user_id, location_id,
});

export function DeviceEdit() {
  const t = useTranslations("admin.devices");
  const names = useCodeNames();
  return (
    <Edit mutationMode="pessimistic" transform={keepEditable}>
      <SimpleForm>
        <TextInput source="name" label={t("deviceId")} validate={required()} />
        <SelectInput source="type" choices={choices(DEVICE_TYPES, names.type)} emptyText={t("none")} />
        <SelectInput source="data_source" label={t("source")} choices={choices(DATA_SOURCES, names.source)} emptyText={t("none")} />
        <SelectInput source="measurement_type" label={t("phase")} choices={choices(PHASES, names.phase)} emptyText={t("unknown")} />
        <ReferenceInput source="user_id" reference="users">
          <AutocompleteInput label={t("owner")} optionText="email" filterToQuery={(q: string) => ({ q })} validate={required()} />
        </ReferenceInput>
        <FormDataConsumer>
          {({ formData }) => (
            <ReferenceInput source="location_id" reference="locations" filter={{ owner_id: formData.user_id }}>
              <SelectInput label={t("ownersLocation")} optionText="name" emptyText={t("none")} />
            </ReferenceInput>
          )}
        </FormDataConsumer>
        <ArrayField source="measures">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" />
            <TextField source="display_name" label={t("displayName")} />
            <TextField source="unit" />
          </Datagrid>
        </ArrayField>
      </SimpleForm>
    </Edit>
  );
}
