"use client";
import {
  ArrayField, AutocompleteInput, Datagrid, Edit, FormDataConsumer, List, ReferenceField, ReferenceInput, SearchInput,
  SelectInput, SimpleForm, SimpleList, TextField, TextInput, required,
  type RaRecord,
} from "react-admin";
import { useSmallScreen } from "./small-screen";
import { DATA_SOURCES, DEVICE_TYPES, PHASES } from "@/lib/enums";

const choices = (values: readonly string[]) => values.map((v) => ({ id: v, name: v }));

const deviceFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search device id" />,
  <ReferenceInput key="user_id" source="user_id" reference="users">
    <AutocompleteInput label="Owner" optionText="email" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <SelectInput key="type" source="type" choices={choices(DEVICE_TYPES)} />,
];

type DeviceRow = RaRecord & { name: string; type: string | null; data_source: string | null; measurement_type: string | null };

export function DeviceList() {
  // a phone gets one line per device rather than a table wider than the screen
  const small = useSmallScreen();
  return (
    <List filters={deviceFilters} sort={{ field: "id", order: "ASC" }} perPage={25}>
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
              {[r.type, r.data_source, r.measurement_type].filter(Boolean).join(" · ") || "No type or source yet"}
            </>
          )}
        />
      ) : (
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" label="Device ID" />
        <TextField source="type" />
        <TextField source="data_source" label="Source" />
        <TextField source="measurement_type" label="Phase" />
        <ReferenceField source="user_id" reference="users" label="Owner" link="edit">
          <TextField source="email" />
        </ReferenceField>
        <ReferenceField source="location_id" reference="locations" label="Location" link={false}>
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
  return (
    <Edit mutationMode="pessimistic" transform={keepEditable}>
      <SimpleForm>
        <TextInput source="name" label="Device ID" validate={required()} />
        <SelectInput source="type" choices={choices(DEVICE_TYPES)} emptyText="(none)" />
        <SelectInput source="data_source" label="Source" choices={choices(DATA_SOURCES)} emptyText="(none)" />
        <SelectInput source="measurement_type" label="Phase" choices={choices(PHASES)} emptyText="(unknown)" />
        <ReferenceInput source="user_id" reference="users">
          <AutocompleteInput label="Owner" optionText="email" filterToQuery={(q: string) => ({ q })} validate={required()} />
        </ReferenceInput>
        <FormDataConsumer>
          {({ formData }) => (
            <ReferenceInput source="location_id" reference="locations" filter={{ owner_id: formData.user_id }}>
              <SelectInput label="Location (the owner's)" optionText="name" emptyText="(none)" />
            </ReferenceInput>
          )}
        </FormDataConsumer>
        <ArrayField source="measures">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" />
            <TextField source="display_name" label="Display name" />
            <TextField source="unit" />
          </Datagrid>
        </ArrayField>
      </SimpleForm>
    </Edit>
  );
}
