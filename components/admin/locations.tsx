"use client";
import { ArrayField, Datagrid, FunctionField, List, NumberField, ReferenceField, SearchInput, SelectInput, SimpleList, TextField, type RaRecord } from "react-admin";
import { useTranslations } from "use-intl";
import { useSmallScreen } from "./small-screen";
import { useCodeNames } from "./devices";
import { COUNTRIES } from "@/lib/enums";
import { countryLabel } from "@/components/ui/labels";

function useFilters() {
  const t = useTranslations("admin.locations");
  const countries = useTranslations("common");
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t("search")} />,
    <SelectInput key="country" source="country" choices={COUNTRIES.map((c) => ({ id: c, name: countryLabel(c, countries) }))} />,
  ];
}

function DevicesPanel() {
  const t = useTranslations("admin.locations");
  const names = useCodeNames();
  return (
    <ArrayField source="devices_info" label={t("devices")}>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>{t("noDevices")}</span>}>
        <TextField source="device_id" label={t("deviceId")} />
        <FunctionField label={t("type")} render={(d: { device_type: string | null }) => names.type(d.device_type)} />
        <FunctionField label={t("phase")} render={(d: { phase_m: string | null }) => names.phase(d.phase_m)} />
        <FunctionField label={t("measurements")} render={(d: { metadata: { display_name: string | null; name: string }[] }) => d.metadata.map((m) => m.display_name ?? m.name).join(", ") || "—"} />
      </Datagrid>
    </ArrayField>
  );
}

/** Every user's locations with their devices, read-only. */
type LocationRow = RaRecord & { name: string; country: string; lat: number; lon: number; devices_info: unknown[] };

export function LocationList() {
  // a phone gets one line per location rather than a table wider than the screen
  const small = useSmallScreen();
  const t = useTranslations("admin.locations");
  const countries = useTranslations("common");
  return (
    <List filters={useFilters()} sort={{ field: "id", order: "ASC" }} perPage={25} exporter={false}>
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
              {`${countryLabel(r.country, countries)} · ${r.lat}, ${r.lon} · ${t("deviceCount", { count: r.devices_info.length })}`}
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
        <ReferenceField source="owner_id" reference="users" label={t("owner")} link="edit">
          <TextField source="email" />
        </ReferenceField>
        <FunctionField label={t("devices")} render={(l: { devices_info: unknown[] }) => l.devices_info.length} />
      </Datagrid>
      )}
    </List>
  );
}
