"use client";
// The Connect panel's Edit: the topic prefix and the format (PUT .../mqtt), checked in the browser
// by the schema the server uses (lib/validation/telemetry.ts, loaded on first use). The server's
// refusals show under their field: a prefix another device uses (409), a field's 422.
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { TextField } from "@/components/ui/text-field";
import { EnumSelect } from "@/components/ui/enum-select";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FetchError, serverFieldErrors } from "@/lib/swr/fetcher";
import { saveDeviceMqtt, type MqttView } from "@/lib/swr/use-telemetry";
import { TELEMETRY_FORMATS } from "@/lib/telemetry/formats/types";

const schema = () => import("@/lib/validation/telemetry").then((m) => m.mqttUpdateSchema);
const FIELDS = new Set(["topic_prefix", "format"]);

export function MqttSettingsForm({ deviceId, view, onDone }: { deviceId: number; view: MqttView; onDone: () => void }) {
  const t = useTranslations("devices.connect");
  const toast = useToast();
  const form = useZodForm(schema, { topic_prefix: view.topic_prefix, format: view.format });

  const onSubmit = form.submit(async (data) => {
    try {
      await saveDeviceMqtt(deviceId, data);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (err instanceof FetchError && err.status === 409) fields.topic_prefix ??= err.message;
      // a refusal of these fields shows under them; anything else above the form
      if (Object.keys(fields).length && Object.keys(fields).every((k) => FIELDS.has(k))) {
        form.setErrors(fields);
        return;
      }
      throw err;
    }
    toast.success(t("saved"));
    onDone();
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("editLabel")} sx={{ display: "grid", gap: 2.5, pt: 1 }}>
      <FormErrorAlert error={form.serverError} />
      <TextField
        label={t("prefix")}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "none" } }}
        {...form.text("topic_prefix")}
        helperText={form.errors.topic_prefix ?? t("prefixHelp")}
      />
      <EnumSelect label={t("format")} fullWidth options={TELEMETRY_FORMATS} labelOf={(f) => t(`formats.${f}`)} {...form.text("format")} helperText={form.errors.format ?? t("formatHelp")} />
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
        <Button onClick={onDone} disabled={form.busy}>
          {t("cancel")}
        </Button>
        <SubmitButton busy={form.busy} size="medium">
          {t("save")}
        </SubmitButton>
      </Box>
    </Box>
  );
}
