"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { send } from "@/lib/swr/fetcher";
import { revalidateDevices, userDeviceUrl, type UserDevice } from "@/lib/swr/use-devices";
import { useMyLocations } from "@/lib/swr/use-locations";
import { COUNTRY_NAMES } from "@/lib/validation/location";
import {
  CLASSIFICATIONS,
  DATA_SOURCES,
  measurementLimit,
  PHASES,
  SMART_APPLIANCE_CATEGORIES,
  USER_DEVICE_TYPES,
  userDeviceSchema,
  VENDOR_SOURCES,
} from "@/lib/validation/device";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { errorMessage } from "@/components/ui/use-zod-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { serverFieldErrors } from "./form-schema";
import { humanize, INTEGRATION_LABELS, PHASE_LABELS } from "./labels";
import { emptyChannel, emptyUnit, toPayload, toValues, type ChannelValues, type UnitValues, type UserDeviceValues } from "./user-device-values";

/** A titled part of the form, grouped for screen readers. */
function FormSection({
  id,
  title,
  level = 2,
  tinted = false,
  action,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  tinted?: boolean;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Paper role="group" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: level === 2 ? 3 : 2, bgcolor: tinted ? "background.default" : undefined }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 2.5, minHeight: 30 }}>
        <Typography id={id} component={level === 2 ? "h2" : "h3"} sx={{ fontSize: level === 2 ? "1.15rem" : "1rem", fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** What the page knows of the user's integrations (read on the server). */
export type IntegrationChoice = { id: number; name: string };

type Errors = Record<string, string>;

const isVendor = (source: string) => (VENDOR_SOURCES as readonly string[]).includes(source);

/** The integration that serves a vendor source, to preselect it. */
function integrationFor(source: string, integrations: IntegrationChoice[]) {
  const vendor = source.replace(/_api$/, "");
  return integrations.find((i) => i.name === vendor) ?? (vendor === "legrand" ? integrations.find((i) => i.name === "legrand_up") : undefined);
}

/**
 * My Devices' device form (Variant A): the device, where it is and how it reports, and its
 * channels with their units. Validated by the server's schema, with the specification's messages.
 */
export function UserDeviceForm({ device, integrations }: { device?: UserDevice; integrations: IntegrationChoice[] }) {
  const router = useRouter();
  const toast = useToast();
  const locations = useMyLocations();
  const [values, setValues] = useState<UserDeviceValues>(() => toValues(device));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const limit = measurementLimit(values.device_type, values.phase_m);
  const clearError = (path: string) => setErrors((e) => (e[path] ? { ...e, [path]: "" } : e));

  /** Props of a top-level text or select field. */
  const field = (name: Exclude<keyof UserDeviceValues, "channels">, path: string = name) => ({
    id: path.replace(/\./g, "-"),
    name: path,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const v = e.target.value;
      setValues((s) => ({ ...s, [name]: v }));
      clearError(path);
    },
    error: Boolean(errors[path]),
    helperText: errors[path] || undefined,
  });

  const setChannel = (i: number, patch: Partial<ChannelValues>) => setValues((s) => ({ ...s, channels: s.channels.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const setUnit = (i: number, k: number, patch: Partial<UnitValues>) =>
    setValues((s) => ({ ...s, channels: s.channels.map((c, j) => (j === i ? { ...c, measurements: c.measurements.map((q, l) => (l === k ? { ...q, ...patch } : q)) } : c)) }));
  // rows move when one goes: messages would point at the wrong row
  const setRows = (channels: ChannelValues[]) => {
    setValues((s) => ({ ...s, channels }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("data.channels"))));
  };

  /** Props of a channel's text or select field. */
  const channelField = (i: number, name: "name" | "classification" | "prefix" | "suffix" | "smartApplianceCategory") => {
    const path = name === "smartApplianceCategory" ? `data.channels.${i}.metadata.smartApplianceCategory` : `data.channels.${i}.${name}`;
    return {
      id: path.replace(/\./g, "-"),
      name: path,
      value: values.channels[i][name],
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setChannel(i, { [name]: e.target.value });
        clearError(path);
      },
      error: Boolean(errors[path]),
      helperText: errors[path] || undefined,
    };
  };

  const onSourceChange = (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const source = e.target.value;
    const preset = isVendor(source) && !values.integration_id ? integrationFor(source, integrations) : undefined;
    setValues((s) => ({ ...s, source, integration_id: preset ? String(preset.id) : s.integration_id }));
    setErrors((er) => ({ ...er, "data.source": "", integration_id: "" }));
  };

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const body = toPayload(values);
    const parsed = userDeviceSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join(".");
        if (!next[key]) next[key] = issue.message;
      }
      setErrors(next);
      setServerError(next[""] ?? null);
      const first = Object.keys(next).find((k) => k && form.elements.namedItem(k));
      const el = first ? form.elements.namedItem(first) : null;
      // a select's named input is hidden: its combobox beside it takes the focus
      const target = el instanceof HTMLInputElement && el.getAttribute("aria-hidden") === "true" ? el.parentElement?.querySelector<HTMLElement>('[role="combobox"]') : el;
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setBusy(true);
    try {
      if (device) {
        await send("PUT", userDeviceUrl(device.id), { ...body, id: device.id });
        toast.success("Device updated");
      } else {
        await send("POST", "/api/v1/user_devices", body);
        toast.success({ title: "Device created", message: "You created a new device." });
      }
      await revalidateDevices();
      router.push("/user-devices");
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setServerError(errorMessage(err));
      setBusy(false);
    }
  };

  const locationChoices = (locations.data ?? []).map((l) => ({ id: String(l.id), label: `${l.name} (${COUNTRY_NAMES[l.country] ?? l.country})` }));
  if (values.location_id && !locationChoices.some((l) => l.id === values.location_id)) locationChoices.push({ id: values.location_id, label: `Location ${values.location_id}` });
  const locationHelp = locations.error ? "We could not load your locations." : locations.isLoading ? "Loading your locations…" : !locationChoices.length ? "You have no locations yet." : undefined;
  const integrationHelp = integrations.length ? (isVendor(values.source) ? "Required for a vendor's API." : "Needed only when the source is a vendor's API.") : "No integration linked yet";

  const grid = { display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } } as const;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={device ? "Edit device" : "New device"} sx={{ maxWidth: 880 }}>
      <FormErrorAlert error={serverError} />

      <FormSection id="device-section" title="Device">
        <Box sx={grid}>
          <TextField label="Device ID" required fullWidth autoFocus={!device} placeholder="e.g. shellyem-C45BBE6B2D42" {...field("device_id")} sx={{ gridColumn: { sm: "1 / -1" } }} />
          <TextField select label="Device type" required fullWidth {...field("device_type")}>
            {USER_DEVICE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Phase" fullWidth {...field("phase_m")} helperText={errors.phase_m || "A single-phase spoony or shelly has up to 3 channels."}>
            <MenuItem value="">
              <em>Not set</em>
            </MenuItem>
            {PHASES.map((p) => (
              <MenuItem key={p} value={p}>
                {PHASE_LABELS[p]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </FormSection>

      <FormSection id="reporting-section" title="Where it is and how it reports">
        <Box sx={grid}>
          <Box>
            <TextField select label="Location" required fullWidth {...field("location_id")} disabled={locations.isLoading} helperText={errors.location_id || locationHelp}>
              {locationChoices.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
            {!locations.isLoading && !locations.error && !locationChoices.length && (
              <Button component={Link} href="/locations/new" size="small" startIcon={<Add />} sx={{ mt: 0.5 }}>
                Add a location
              </Button>
            )}
          </Box>
          <TextField select label="Source" required fullWidth {...field("source", "data.source")} onChange={onSourceChange}>
            {DATA_SOURCES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="MQTT host"
            fullWidth
            placeholder="e.g. mqtt.example.org"
            {...field("mqtt_host", "data.mqtt.host")}
            helperText={errors["data.mqtt.host"] || "For a device read over MQTT."}
          />
          <Box>
            <TextField
              select
              label="Integration"
              required={isVendor(values.source)}
              fullWidth
              {...field("integration_id")}
              disabled={!integrations.length}
              helperText={errors.integration_id || integrationHelp}
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {integrations.map((i) => (
                <MenuItem key={i.id} value={String(i.id)}>
                  {INTEGRATION_LABELS[i.name] ?? i.name}
                </MenuItem>
              ))}
            </TextField>
            {!integrations.length && (
              <Button component={Link} href="/integrations" size="small" sx={{ mt: 0.5 }}>
                Link an integration
              </Button>
            )}
          </Box>
        </Box>
      </FormSection>

      <Box component="section" aria-labelledby="channels-title" sx={{ mb: 3 }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 1.5, flexWrap: "wrap" }}>
          <Typography id="channels-title" variant="h2" sx={{ fontSize: "1.15rem" }}>
            Channels ({values.channels.length} of {limit})
          </Typography>
          <Button variant="outlined" startIcon={<Add />} onClick={() => setRows([...values.channels, emptyChannel()])} disabled={values.channels.length >= limit} aria-describedby="channel-limit">
            Add channel
          </Button>
        </Box>
        <Typography id="channel-limit" variant="body2" color={values.channels.length > limit ? "error" : "text.secondary"} sx={{ mb: 1.5 }}>
          {values.channels.length > limit
            ? `This device can have only ${limit} channel${limit === 1 ? "" : "s"}: remove ${values.channels.length - limit}, or make it a single-phase spoony or shelly.`
            : limit === 3
              ? "A single-phase spoony or shelly can have up to 3 channels."
              : "This device can have 1 channel. Only single-phase spoony and shelly devices can have up to 3."}
        </Typography>
        {!values.channels.length && (
          <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3, borderStyle: "dashed", color: "text.secondary" }}>
            No channels yet. A channel is one thing the device measures: the whole home, solar panels, a heat pump.
          </Paper>
        )}
        {values.channels.map((c, i) => (
          <FormSection
            key={c.key}
            id={`channel-${c.key}`}
            title={`Channel ${i + 1}`}
            level={3}
            tinted
            action={
              <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={() => setRows(values.channels.filter((_, j) => j !== i))}>
                Remove channel {i + 1}
              </Button>
            }
          >
            <Box sx={grid}>
              <TextField label="Channel name" required fullWidth {...channelField(i, "name")} />
              <TextField select label="Classification" required fullWidth {...channelField(i, "classification")}>
                {CLASSIFICATIONS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {humanize(k)}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "1fr 1fr" }}>
                <TextField label="Prefix" fullWidth {...channelField(i, "prefix")} />
                <TextField label="Suffix" fullWidth {...channelField(i, "suffix")} />
              </Box>
              <TextField select label="Smart appliance category" fullWidth {...channelField(i, "smartApplianceCategory")}>
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {SMART_APPLIANCE_CATEGORIES.map((k) => (
                  <MenuItem key={k} value={k}>
                    {humanize(k)}
                  </MenuItem>
                ))}
              </TextField>
              <FormControlLabel
                control={<Checkbox checked={c.programmable} onChange={(_e, checked) => setChannel(i, { programmable: checked })} name={`data.channels.${i}.metadata.is.programmable`} />}
                label="Programmable"
              />
            </Box>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2.5, mb: 1 }}>
              Units
            </Typography>
            {c.measurements.map((q, k) => {
              const base = `data.channels.${i}.metadata.measurements.${k}`;
              return (
                <Box key={q.key} sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr auto", sm: "1fr 2fr auto" }, alignItems: "start", mb: 1.5 }}>
                  <TextField
                    label="Unit"
                    size="small"
                    placeholder="W"
                    id={`${base}-unit`.replace(/\./g, "-")}
                    name={`${base}.unit`}
                    value={q.unit}
                    onChange={(e) => setUnit(i, k, { unit: e.target.value })}
                    error={Boolean(errors[`${base}.unit`])}
                    helperText={errors[`${base}.unit`] || undefined}
                  />
                  <TextField
                    label="Database measurement prefix"
                    size="small"
                    placeholder="power"
                    id={`${base}-prefix`.replace(/\./g, "-")}
                    name={`${base}.databaseMeasurementPrefix`}
                    value={q.databaseMeasurementPrefix}
                    onChange={(e) => setUnit(i, k, { databaseMeasurementPrefix: e.target.value })}
                    error={Boolean(errors[`${base}.databaseMeasurementPrefix`])}
                    helperText={errors[`${base}.databaseMeasurementPrefix`] || undefined}
                    sx={{ gridColumn: { xs: 1, sm: 2 } }}
                  />
                  <Tooltip title="Remove unit">
                    <IconButton
                      aria-label={`Remove unit ${k + 1} of channel ${i + 1}`}
                      onClick={() => setChannel(i, { measurements: c.measurements.filter((_, l) => l !== k) })}
                      sx={{ mt: 0.25, gridColumn: { xs: 2, sm: 3 }, gridRow: { xs: "1 / span 2", sm: 1 }, alignSelf: { xs: "center", sm: "start" } }}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              );
            })}
            <Button size="small" startIcon={<Add />} onClick={() => setChannel(i, { measurements: [...c.measurements, emptyUnit()] })}>
              Add unit
            </Button>
          </FormSection>
        ))}
      </Box>

      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <SubmitButton busy={busy}>{device ? "Save" : "Create device"}</SubmitButton>
        <Button component={Link} href="/user-devices" size="large" disabled={busy}>
          Cancel
        </Button>
        {device && (
          <Button color="error" size="large" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)} disabled={busy} sx={{ ml: { sm: "auto" } }}>
            Delete device
          </Button>
        )}
      </Box>

      {device && (
        <ConfirmDialog
          open={deleting}
          title="Delete this device?"
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await send("DELETE", userDeviceUrl(device.id));
            toast.success("Device deleted");
            router.push("/user-devices");
            await revalidateDevices(userDeviceUrl(device.id));
          }}
        >
          {`${device.device_id} and its channels will be deleted. This cannot be undone.`}
        </ConfirmDialog>
      )}
    </Box>
  );
}
