"use client";
import { useEffect } from "react";
import Link from "next/link";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Add from "@mui/icons-material/Add";
import type { z } from "zod";
import { useMyLocations } from "@/lib/swr/use-locations";
import { COUNTRY_NAMES } from "@/components/ui/labels";
import { DATA_SOURCES, DEVICE_TYPES, PHASES } from "@/lib/enums";
import { DATA_SOURCE_LABELS, DEVICE_TYPE_HELP, DEVICE_TYPE_LABELS } from "@/lib/devices/labels";
import type { userDeviceSchema } from "@/lib/validation/device";
import { EnumSelect } from "@/components/ui/enum-select";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { TextField } from "@/components/ui/text-field";
import { integrationLabel, PHASE_LABELS } from "@/components/ui/labels";
import type { ZodForm } from "@/components/ui/use-zod-form";
import { AdvancedPart } from "./advanced-part";
import { FormSection, formGrid } from "./form-section";
import { isVendorSource, withSource, type IntegrationChoice, type UserDeviceValues } from "./user-device-values";

/** The state of My Devices' device form, shared by its parts. */
export type UserDeviceFormState = ZodForm<UserDeviceValues, z.output<typeof userDeviceSchema>>;

/** The device itself: its id, type and phase. */
export function DeviceFields({ form, autoFocus }: { form: UserDeviceFormState; autoFocus: boolean }) {
  return (
    <FormSection id="device-section" title="Device">
      <Box sx={formGrid}>
        <TextField label="Device ID" required fullWidth autoFocus={autoFocus} placeholder="e.g. shellyem-C45BBE6B2D42" {...form.text("device_id")} sx={{ gridColumn: { sm: "1 / -1" } }} />
        <EnumSelect
          label="Device type"
          required
          fullWidth
          options={DEVICE_TYPES}
          labelOf={(t) => DEVICE_TYPE_LABELS[t]}
          {...form.text("device_type")}
          helperText={form.errors.device_type || (DEVICE_TYPE_HELP as Record<string, string>)[form.values.device_type]}
        />
        <EnumSelect
          label="Phase"
          fullWidth
          options={PHASES}
          labelOf={(p) => PHASE_LABELS[p]}
          empty="Not set"
          {...form.text("phase_m")}
          helperText={form.errors.phase_m || "A single-phase Spoony or Shelly has up to 3 channels."}
        />
      </Box>
    </FormSection>
  );
}

/** Where the device is (one of the user's locations) and how it reports (source, MQTT host, integration). */
export function ReportingFields({ form, integrations }: { form: UserDeviceFormState; integrations: IntegrationChoice[] }) {
  const locations = useMyLocations();
  const { values, errors, setValues } = form;

  const locationChoices = (locations.data ?? []).map((l) => ({ id: String(l.id), label: `${l.name} (${COUNTRY_NAMES[l.country] ?? l.country})` }));
  if (values.location_id && !locationChoices.some((l) => l.id === values.location_id)) locationChoices.push({ id: values.location_id, label: `Location ${values.location_id}` });
  const only = locations.data?.length === 1 ? String(locations.data[0].id) : null;
  // a device needs a location here (one made on the device pages may have none): the only one there is
  useEffect(() => {
    if (only) setValues((s) => (s.location_id ? s : { ...s, location_id: only }));
  }, [only, setValues]);
  const locationHelp = locations.error
    ? "We could not load your locations."
    : locations.isLoading
      ? "Loading your locations…"
      : !locationChoices.length
        ? "You have no locations yet."
        : only && values.location_id === only
          ? "Your only location."
          : undefined;
  const integrationHelp = integrations.length ? (isVendorSource(values.source) ? "Required for a vendor's API." : "Needed only when the source is a vendor's API.") : "No integration linked yet";

  const source = form.bind("data.source", values.source, (v) => {
    form.setValues((s) => withSource(s, v, integrations));
    form.clearErrors("integration_id");
  });
  const mqttHost = form.bind("data.mqtt.host", values.mqtt_host, (v) => form.setValues((s) => ({ ...s, mqtt_host: v })));

  return (
    <FormSection id="reporting-section" title="Where it is and how it reports">
      <Box sx={formGrid}>
        <Box>
          <NativeSelectField label="Location" required fullWidth {...form.text("location_id")} disabled={locations.isLoading} helperText={errors.location_id || locationHelp}>
            {values.location_id === "" && <option value="" disabled hidden />}
            {locationChoices.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </NativeSelectField>
          {!locations.isLoading && !locations.error && !locationChoices.length && (
            <Button component={Link} href="/locations/new" size="small" startIcon={<Add />} sx={{ mt: 0.5 }}>
              Add a location
            </Button>
          )}
        </Box>
        <EnumSelect label="Source" required fullWidth options={DATA_SOURCES} labelOf={(o) => DATA_SOURCE_LABELS[o]} {...source} helperText={source.helperText || "How its readings reach us."} />
        <Box>
          <NativeSelectField
            label="Integration"
            required={isVendorSource(values.source)}
            fullWidth
            {...form.text("integration_id")}
            disabled={!integrations.length}
            helperText={errors.integration_id || integrationHelp}
          >
            <option value="">None</option>
            {integrations.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {integrationLabel(i.name)}
              </option>
            ))}
          </NativeSelectField>
          {!integrations.length && (
            <Button component={Link} href="/integrations" size="small" sx={{ mt: 0.5 }}>
              Link an integration
            </Button>
          )}
        </Box>
      </Box>
      <AdvancedPart hasError={Boolean(errors["data.mqtt.host"])} summary={values.mqtt_host ? `MQTT host ${values.mqtt_host}` : undefined}>
        <Box sx={formGrid}>
          <TextField label="MQTT host" fullWidth placeholder="e.g. mqtt.example.org" {...mqttHost} helperText={mqttHost.helperText || "For a device read over MQTT."} />
        </Box>
      </AdvancedPart>
    </FormSection>
  );
}
