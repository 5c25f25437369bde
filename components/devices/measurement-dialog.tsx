"use client";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { send } from "@/lib/swr/fetcher";
import type { DeviceInfo, Measurement } from "@/lib/swr/use-devices";
import { MEASURE_TYPES } from "@/lib/enums";
import { newMeasurementDefaults } from "@/lib/devices/rules";
import { EnumSelect } from "@/components/ui/enum-select";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { asTextForm, useZodForm } from "@/components/ui/use-zod-form";
import { measureTypeLabel } from "@/lib/devices/labels";

type Values = { device_id: string; name: string; display_name: string; measure_type: string };

const schema = () => import("@/lib/validation/device").then((m) => asTextForm<Values>()(m.measurementCreateSchema));

/**
 * The 'New Measure' / 'Update Measure' modal. A new measurement starts with the specification's
 * defaults; its name can be set only here (it is hidden on update, the server keeps it).
 */
export function MeasurementDialog({
  device,
  measurement,
  open,
  onClose,
  onSaved,
}: {
  device: Pick<DeviceInfo, "id" | "device_type" | "phase_m">;
  /** the measurement to update; none for a new one */
  measurement: Measurement | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: Measurement, created: boolean) => Promise<void>;
}) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="measure-title">
      {/* a fresh form each time it opens */}
      {open && <MeasurementForm key={measurement?.id ?? "new"} device={device} measurement={measurement} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function MeasurementForm({
  device,
  measurement,
  onClose,
  onSaved,
}: {
  device: Pick<DeviceInfo, "id" | "device_type" | "phase_m">;
  measurement: Measurement | null;
  onClose: () => void;
  onSaved: (saved: Measurement, created: boolean) => Promise<void>;
}) {
  const t = useTranslations("devices.measure");
  const tl = useTranslations("devices.labels");
  const defaults = newMeasurementDefaults(device.device_type, device.phase_m);
  const form = useZodForm(schema, {
    device_id: String(device.id),
    name: measurement?.name ?? defaults.name,
    display_name: measurement ? (measurement.display_name ?? "") : defaults.display_name,
    measure_type: measurement?.measure_type ?? "unset",
  });

  const onSubmit = form.submit(async ({ name, ...rest }) => {
    const saved = measurement
      ? await send<Measurement>("PUT", `/api/v1/device_measurement_metadata/${measurement.id}`, { display_name: rest.display_name ?? null, measure_type: rest.measure_type })
      : await send<Measurement>("POST", "/api/v1/device_measurement_metadata", { ...rest, name });
    await onSaved(saved, !measurement);
  });

  // the defaults are placeholders to replace: typing replaces them at once
  const selectAll = (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.target.select();

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="measure-title" sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <DialogTitle id="measure-title">{measurement ? t("update") : t("new")}</DialogTitle>
      <DialogContent sx={{ flexGrow: 1 }}>
        <FormErrorAlert error={form.serverError} />
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {!measurement && (
            <TextField
              label={t("name")}
              required
              fullWidth
              autoFocus
              onFocus={selectAll}
              {...form.text("name")}
              helperText={form.errors.name ?? t("nameHelp")}
            />
          )}
          <TextField
            label={t("displayName")}
            fullWidth
            autoFocus={Boolean(measurement)}
            onFocus={selectAll}
            {...form.text("display_name")}
            helperText={form.errors.display_name ?? t("displayNameHelp")}
          />
          <EnumSelect label={t("measureType")} fullWidth options={MEASURE_TYPES} labelOf={(type) => measureTypeLabel(type, tl)} {...form.text("measure_type")} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={form.busy}>
          {t("cancel")}
        </Button>
        <SubmitButton busy={form.busy} size="medium">
          {t("save")}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
