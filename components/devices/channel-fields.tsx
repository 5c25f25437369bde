"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import { TextField } from "@/components/ui/text-field";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { CLASSIFICATIONS, SMART_APPLIANCE_CATEGORIES } from "@/lib/enums";
import { measurementLimit } from "@/lib/devices/rules";
import { CLASSIFICATION_LABELS } from "@/lib/devices/labels";
import { EmptyState } from "@/components/ui/empty-state";
import { EnumSelect } from "@/components/ui/enum-select";
import { humanize } from "@/components/ui/labels";
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
        <Typography id="channels-title" variant="h2" sx={{ fontSize: "1.15rem" }}>
          Channels ({channels.length} of {limit})
        </Typography>
        <Button variant="outlined" startIcon={<Add />} onClick={() => editRows(addChannel)} disabled={channels.length >= limit} aria-describedby="channel-limit">
          Add channel
        </Button>
      </Box>
      <Typography id="channel-limit" variant="body2" color={channels.length > limit ? "error" : "text.secondary"} sx={{ mb: 1.5 }}>
        {channelLimitText(channels.length, limit)}
      </Typography>
      {!channels.length && <EmptyState>No channels yet. A channel is one thing the device measures: the whole home, solar panels, a heat pump.</EmptyState>}
      {channels.map((c, i) => (
        <ChannelCard key={c.key} form={form} channel={c} index={i} onRemove={() => editRows((v) => removeChannel(v, i))} />
      ))}
    </Box>
  );
}

function ChannelCard({ form, channel: c, index: i, onRemove }: { form: UserDeviceFormState; channel: ChannelValues; index: number; onRemove: () => void }) {
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
    c.prefix && `prefix ${c.prefix}`,
    c.suffix && `suffix ${c.suffix}`,
    c.smartApplianceCategory && humanize(c.smartApplianceCategory),
    c.measurements.some((q) => q.databaseMeasurementPrefix) && "database prefixes",
  ].filter(Boolean);

  return (
    <FormSection
      id={`channel-${c.key}`}
      title={`Channel ${i + 1}`}
      level={3}
      tinted
      action={
        <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onRemove}>
          Remove channel {i + 1}
        </Button>
      }
    >
      <Box sx={formGrid}>
        <TextField label="Channel name" required fullWidth placeholder="e.g. em0" {...field("name")} helperText={form.errors[channelPath(i, "name")] || "As the device names it. Changing it makes a new channel."} />
        <TextField label="Display name" fullWidth placeholder={c.name || "e.g. Solar panels"} {...displayName} helperText="How it shows in your dashboards and on the device's page." />
        <EnumSelect label="Classification" required fullWidth options={CLASSIFICATIONS} labelOf={(o) => CLASSIFICATION_LABELS[o]} {...field("classification")} />
        <FormControlLabel
          control={<Checkbox checked={c.programmable} onChange={(_e, checked) => form.setValues((v) => patchChannel(v, i, { programmable: checked }))} name={channelPath(i, "programmable")} />}
          label="Programmable"
        />
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2.5, mb: 1 }}>
        Units
      </Typography>
      {c.measurements.map((q, k) => (
        <UnitRow key={q.key} form={form} unit={q} channel={i} index={k} />
      ))}
      <Button size="small" startIcon={<Add />} onClick={() => form.setValues((v) => addUnit(v, i))}>
        Add unit
      </Button>
      <AdvancedPart hasError={advancedError} summary={set.length ? set.join(", ") : undefined}>
        <Box sx={formGrid}>
          <TextField label="Prefix" fullWidth {...field("prefix")} />
          <TextField label="Suffix" fullWidth {...field("suffix")} />
          <EnumSelect label="Smart appliance category" fullWidth options={SMART_APPLIANCE_CATEGORIES} labelOf={humanize} empty="None" {...field("smartApplianceCategory")} sx={{ gridColumn: { sm: "1 / -1" } }} />
          {c.measurements.map((q, k) => (
            <TextField
              key={q.key}
              label={`Database measurement prefix${c.measurements.length > 1 || q.unit ? ` (${q.unit || `unit ${k + 1}`})` : ""}`}
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
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", mb: 1.5, maxWidth: 360 }}>
      <TextField
        label={`Unit ${k + 1}`}
        size="small"
        placeholder="W"
        fullWidth
        {...form.bind(unitPath(i, k, "unit"), q.unit, (value) => form.setValues((v) => patchUnit(v, i, k, { unit: value })))}
      />
      <Tooltip title="Remove unit">
        <IconButton aria-label={`Remove unit ${k + 1} of channel ${i + 1}`} onClick={() => form.setValues((v) => removeUnit(v, i, k))} sx={{ mt: 0.25 }}>
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
