"use client";
import { ArrayField, Datagrid, FunctionField, List, NumberField, ReferenceField, SearchInput, SelectInput, SimpleList, TextField, type RaRecord } from "react-admin";
import { useSmallScreen } from "./small-screen";
import { COUNTRIES } from "@/lib/enums";
import { COUNTRY_NAMES } from "@/components/ui/labels";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name" />,
  <SelectInput key="country" source="country" choices={COUNTRIES.map((c) => ({ id: c, name: COUNTRY_NAMES[c] }))} />,
];

function DevicesPanel() {
  return (
    <ArrayField source="devices_info" label="Devices">
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>There are no devices assigned to this location yet.</span>}>
        <TextField source="device_id" label="Device ID" />
        <TextField source="device_type" label="Type" />
        <TextField source="phase_m" label="Phase" />
        <FunctionField label="Measurements" render={(d: { metadata: { display_name: string | null; name: string }[] }) => d.metadata.map((m) => m.display_name ?? m.name).join(", ") || "—"} />
      </Datagrid>
    </ArrayField>
  );
}

/** Every user's locations with their devices, read-only. */
type LocationRow = RaRecord & { name: string; country: string; lat: number; lon: number; devices_info: unknown[] };

export function LocationList() {
  // a phone gets one line per location rather than a table wider than the screen
  const small = useSmallScreen();
  return (
    <List filters={filters} sort={{ field: "id", order: "ASC" }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList
          linkType={false}
          primaryText={(r: LocationRow) => r.name}
          secondaryText={(r: LocationRow) => (
            <>
              {/* the owner on a line of its own: beside the name, a long e-mail ran into it */}
              <ReferenceField source="owner_id" reference="users" link={false} sx={{ display: "block" }}>
                <TextField source="email" />
              </ReferenceField>
              {`${COUNTRY_NAMES[r.country as keyof typeof COUNTRY_NAMES] ?? r.country} · ${r.lat}, ${r.lon} · ${r.devices_info.length} device${r.devices_info.length === 1 ? "" : "s"}`}
            </>
          )}
        />
      ) : (
      <Datagrid expand={<DevicesPanel />} rowClick="expand" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="country" />
        <NumberField source="lat" options={{ maximumFractionDigits: 8 }} />
        <NumberField source="lon" options={{ maximumFractionDigits: 8 }} />
        <ReferenceField source="owner_id" reference="users" label="Owner" link="edit">
          <TextField source="email" />
        </ReferenceField>
        <FunctionField label="Devices" render={(l: { devices_info: unknown[] }) => l.devices_info.length} />
      </Datagrid>
      )}
    </List>
  );
}
