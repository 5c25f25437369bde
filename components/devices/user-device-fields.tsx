"use client";
import { useEffect } from "react";
import { NextLink as Link } from "@/components/ui/next-link";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Add from "@mui/icons-material/Add";
import type { z } from "zod";
import { useMyLocations } from "@/lib/swr/use-locations";
import { DATA_SOURCES, DEVICE_TYPES, PHASES } from "@/lib/enums";
import { countryLabel, integrationLabel } from "@/components/ui/labels";
import { dataSourceLabel, deviceTypeHelp, deviceTypeLabel, phaseLabel } from "@/lib/devices/labels";
import type { userDeviceSchema } from "@/lib/validation/device";
import { EnumSelect } from "@/components/ui/enum-select";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { TextField } from "@/components/ui/text-field";
import type { ZodForm } from "@/components/ui/use-zod-form";
import { AdvancedPart } from "./advanced-part";
import { FormSection, formGrid } from "./form-section";
import { isVendorSource, withSource, type IntegrationChoice, type UserDeviceValues } from "./user-device-values";

/** The state of My Devices' device form, shared by its parts. */
export type UserDeviceFormState = ZodForm<UserDeviceValues, z.output<typeof userDeviceSchema>>;

/** The device itself: its id, type and phase. */
export function DeviceFields({ form, autoFocus }: { form: UserDeviceFormState; autoFocus: boolean }) {
  const t = useTranslations("devices");
  const tl = useTranslations("devices.labels");
  return (
    <FormSection id="device-section" title={t("userForm.device")}>
      <Box sx={formGrid}>
        <TextField label={t("form.deviceId")} required fullWidth autoFocus={autoFocus} placeholder={t("form.deviceIdPlaceholder")} {...form.text("device_id")} sx={{ gridColumn: { sm: "1 / -1" } }} />
        <EnumSelect
          label={t("userForm.deviceType")}
          required
          fullWidth
          options={DEVICE_TYPES}
          labelOf={(type) => deviceTypeLabel(type, tl) ?? type}
          {...form.text("device_type")}
          helperText={form.errors.device_type || deviceTypeHelp(form.values.device_type, tl)}
        />
        <EnumSelect
          label={t("form.phase")}
          fullWidth
          options={PHASES}
          labelOf={(p) => phaseLabel(p, tl)}
          empty={t("form.notSet")}
          {...form.text("phase_m")}
          helperText={form.errors.phase_m || t("userForm.phaseHelp")}
        />
      </Box>
    </FormSection>
  );
}

/** Where the device is (one of the user's locations) and how it reports (source, MQTT host, integration). */
export function ReportingFields({ form, integrations }: { form: UserDeviceFormState; integrations: IntegrationChoice[] }) {
  const t = useTranslations("devices");
  const tl = useTranslations("devices.labels");
  const tcommon = useTranslations("common");
  const locations = useMyLocations();
  const { values, errors, setValues } = form;

  const locationChoices = (locations.data ?? []).map((l) => ({ id: String(l.id), label: t("form.locationOption", { name: l.name, country: countryLabel(l.country, tcommon) }) }));
  if (values.location_id && !locationChoices.some((l) => l.id === values.location_id)) locationChoices.push({ id: values.location_id, label: t("form.locationN", { id: values.location_id }) });
  const only = locations.data?.length === 1 ? String(locations.data[0].id) : null;
  // a device needs a location here (one made on the device pages may have none): the only one there is
  useEffect(() => {
    if (only) setValues((s) => (s.location_id ? s : { ...s, location_id: only }));
  }, [only, setValues]);
  const locationHelp = locations.error
    ? t("userForm.locationsFailed")
    : locations.isLoading
      ? t("userForm.locationsLoading")
      : !locationChoices.length
        ? t("userForm.noLocations")
        : only && values.location_id === only
          ? t("userForm.onlyLocation")
          : undefined;
  const integrationHelp = integrations.length
    ? isVendorSource(values.source)
      ? t("userForm.integrationRequired")
      : t("userForm.integrationOptional")
    : t("userForm.noIntegration");

  const source = form.bind("data.source", values.source, (v) => {
    form.setValues((s) => withSource(s, v, integrations));
    form.clearErrors("integration_id");
  });
  const mqttHost = form.bind("data.mqtt.host", values.mqtt_host, (v) => form.setValues((s) => ({ ...s, mqtt_host: v })));

  return (
    <FormSection id="reporting-section" title={t("userForm.reporting")}>
      <Box sx={formGrid}>
        <Box>
          <NativeSelectField label={t("form.location")} required fullWidth {...form.text("location_id")} disabled={locations.isLoading} helperText={errors.location_id || locationHelp}>
            {values.location_id === "" && <option value="" disabled hidden />}
            {locationChoices.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </NativeSelectField>
          {!locations.isLoading && !locations.error && !locationChoices.length && (
            <Button component={Link} href="/locations/new" size="small" startIcon={<Add />} sx={{ mt: 0.5 }}>
              {t("form.addLocation")}
            </Button>
          )}
        </Box>
        <EnumSelect
          label={t("userForm.source")}
          required
          fullWidth
          options={DATA_SOURCES}
          labelOf={(o) => dataSourceLabel(o, tl) ?? o}
          {...source}
          helperText={source.helperText || t("userForm.sourceHelp")}
        />
        <Box>
          <NativeSelectField
            label={t("userForm.integration")}
            required={isVendorSource(values.source)}
            fullWidth
            {...form.text("integration_id")}
            disabled={!integrations.length}
            helperText={errors.integration_id || integrationHelp}
          >
            <option value="">{t("userForm.none")}</option>
            {integrations.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {integrationLabel(i.name, tcommon)}
              </option>
            ))}
          </NativeSelectField>
          {!integrations.length && (
            <Button component={Link} href="/integrations" size="small" sx={{ mt: 0.5 }}>
              {t("userForm.linkIntegration")}
            </Button>
          )}
        </Box>
      </Box>
      <AdvancedPart hasError={Boolean(errors["data.mqtt.host"])} summary={values.mqtt_host ? t("userForm.mqttSummary", { host: values.mqtt_host }) : undefined}>
        <Box sx={formGrid}>
          <TextField label={t("userForm.mqttHost")} fullWidth placeholder={t("userForm.mqttPlaceholder")} {...mqttHost} helperText={mqttHost.helperText || t("userForm.mqttHelp")} />
        </Box>
      </AdvancedPart>
    </FormSection>
  );
}
