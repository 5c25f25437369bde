"use client";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import { TextField } from "@/components/ui/text-field";
import Tooltip from "@mui/material/Tooltip";
import { Text } from "@/components/ui/text";
import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { CLASSIFICATIONS, SMART_APPLIANCE_CATEGORIES } from "@/lib/enums";
import { measurementLimit } from "@/lib/devices/rules";
import { categoryLabel, classificationLabel } from "@/lib/devices/labels";
import { EmptyState } from "@/components/ui/empty-state";
import { EnumSelect } from "@/components/ui/enum-select";
import { AdvancedPart } from "./advanced-part";
import { FormSection, formGrid } from "./form-section";
import type { UserDeviceFormState } from "./user-device-fields";
import {
  addChannel,
  addUnit,
  channelLimitText,
  channelPath,
  patchChannel,
  patchUnit,
  removeChannel,
  removeUnit,
  unitPath,
  type ChannelValues,
  type UnitValues,
  type UserDeviceValues,
} from "./user-device-values";

/** The device's channels, each with its units: as many as the device type and phase allow. */
export function ChannelFields({ form }: { form: UserDeviceFormState }) {
  const t = useTranslations("devices.channels");
  const { channels } = form.values;
  const limit = measurementLimit(form.values.device_type, form.values.phase_m);
  // rows move when one is added or goes: messages would point at the wrong row
  const editRows = (edit: (v: UserDeviceValues) => UserDeviceValues) => {
    form.setValues(edit);
    form.clearErrors("data.channels");
  };

  return (
    <Box component="section" aria-labelledby="channels-title" sx={{ mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 1.5, flexWrap: "wrap" }}>
        <Text id="channels-title" variant="h2" sx={{ fontSize: "1.15rem" }}>
          {t("title", { count: channels.length, limit })}
        </Text>
        <Button variant="outlined" startIcon={<Add />} onClick={() => editRows(addChannel)} disabled={channels.length >= limit} aria-describedby="channel-limit">
          {t("add")}
        </Button>
      </Box>
      <Text id="channel-limit" variant="body2" color={channels.length > limit ? "error" : "textSecondary"} sx={{ mb: 1.5 }}>
        {channelLimitText(channels.length, limit, t)}
      </Text>
      {!channels.length && <EmptyState>{t("empty")}</EmptyState>}
      {channels.map((c, i) => (
        <ChannelCard key={c.key} form={form} channel={c} index={i} onRemove={() => editRows((v) => removeChannel(v, i))} />
      ))}
    </Box>
  );
}

function ChannelCard({ form, channel: c, index: i, onRemove }: { form: UserDeviceFormState; channel: ChannelValues; index: number; onRemove: () => void }) {
  const t = useTranslations("devices.channels");
  const tl = useTranslations("devices.labels");
  const field = (name: "name" | "classification" | "prefix" | "suffix" | "smartApplianceCategory") =>
    form.bind(channelPath(i, name), c[name], (value) => form.setValues((v) => patchChannel(v, i, { [name]: value })));
  // not a field of the user_devices body: saved through the measurement after the device
  const displayName = {
    id: `channel-${c.key}-display-name`,
    value: c.displayName,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setValues((v) => patchChannel(v, i, { displayName: e.target.value })),
  };

  const advancedPaths = [channelPath(i, "prefix"), channelPath(i, "suffix"), channelPath(i, "smartApplianceCategory"), ...c.measurements.map((_q, k) => unitPath(i, k, "databaseMeasurementPrefix"))];
  const advancedError = advancedPaths.some((p) => form.errors[p]);
  const set = [
    c.prefix && t("summaryPrefix", { value: c.prefix }),
    c.suffix && t("summarySuffix", { value: c.suffix }),
    c.smartApplianceCategory && categoryLabel(c.smartApplianceCategory, tl),
    c.measurements.some((q) => q.databaseMeasurementPrefix) && t("summaryDbPrefixes"),
  ].filter(Boolean);

  return (
    <FormSection
      id={`channel-${c.key}`}
      title={t("channel", { n: i + 1 })}
      level={3}
      tinted
      action={
        <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onRemove}>
          {t("remove", { n: i + 1 })}
        </Button>
      }
    >
      <Box sx={formGrid}>
        <TextField label={t("name")} required fullWidth placeholder={t("namePlaceholder")} {...field("name")} helperText={form.errors[channelPath(i, "name")] || t("nameHelp")} />
        <TextField label={t("displayName")} fullWidth placeholder={c.name || t("displayNamePlaceholder")} {...displayName} helperText={t("displayNameHelp")} />
        <EnumSelect label={t("classification")} required fullWidth options={CLASSIFICATIONS} labelOf={(o) => classificationLabel(o, tl) ?? o} {...field("classification")} />
        <FormControlLabel
          control={<Checkbox checked={c.programmable} onChange={(_e, checked) => form.setValues((v) => patchChannel(v, i, { programmable: checked }))} name={channelPath(i, "programmable")} />}
          label={t("programmable")}
        />
      </Box>
      <Text variant="subtitle2" component="h4" sx={{ mt: 2.5, mb: 1 }}>
        {t("units")}
      </Text>
      {c.measurements.map((q, k) => (
        <UnitRow key={q.key} form={form} unit={q} channel={i} index={k} />
      ))}
      <Button size="small" startIcon={<Add />} onClick={() => form.setValues((v) => addUnit(v, i))}>
        {t("addUnit")}
      </Button>
      <AdvancedPart hasError={advancedError} summary={set.length ? set.join(", ") : undefined}>
        <Box sx={formGrid}>
          <TextField label={t("prefix")} fullWidth {...field("prefix")} />
          <TextField label={t("suffix")} fullWidth {...field("suffix")} />
          <EnumSelect
            label={t("category")}
            fullWidth
            options={SMART_APPLIANCE_CATEGORIES}
            labelOf={(o) => categoryLabel(o, tl)}
            empty={t("none")}
            {...field("smartApplianceCategory")}
            sx={{ gridColumn: { sm: "1 / -1" } }}
          />
          {c.measurements.map((q, k) => (
            <TextField
              key={q.key}
              label={c.measurements.length > 1 || q.unit ? t("dbPrefixOf", { unit: q.unit || t("unitN", { n: k + 1 }) }) : t("dbPrefix")}
              fullWidth
              placeholder="power"
              {...form.bind(unitPath(i, k, "databaseMeasurementPrefix"), q.databaseMeasurementPrefix, (value) => form.setValues((v) => patchUnit(v, i, k, { databaseMeasurementPrefix: value })))}
            />
          ))}
        </Box>
      </AdvancedPart>
    </FormSection>
  );
}

function UnitRow({ form, unit: q, channel: i, index: k }: { form: UserDeviceFormState; unit: UnitValues; channel: number; index: number }) {
  const t = useTranslations("devices.channels");
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", mb: 1.5, maxWidth: 360 }}>
      <TextField
        label={t("unit", { n: k + 1 })}
        size="small"
        placeholder="W"
        fullWidth
        {...form.bind(unitPath(i, k, "unit"), q.unit, (value) => form.setValues((v) => patchUnit(v, i, k, { unit: value })))}
      />
      <Tooltip title={t("removeUnit")}>
        <IconButton aria-label={t("removeUnitLabel", { unit: k + 1, channel: i + 1 })} onClick={() => form.setValues((v) => removeUnit(v, i, k))} sx={{ mt: 0.25 }}>
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
