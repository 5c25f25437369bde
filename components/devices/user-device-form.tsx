"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { fetcher, send } from "@/lib/swr/fetcher";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { deviceInfoUrl, revalidateDevices, userDeviceUrl, type DeviceInfo, type UserDevice } from "@/lib/swr/use-devices";
import { DeleteDeviceButton } from "@/components/ui/delete-device-button";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ChannelFields } from "./channel-fields";
import { DeviceFields, ReportingFields } from "./user-device-fields";
import { displayNameChanges, toPayload, toValues, type DisplayNames, type IntegrationChoice } from "./user-device-values";

const schema = () => import("@/lib/validation/device").then((m) => m.userDeviceSchema);

/** Saves the channels' display names that changed, through the device's measurements (found by name), together. */
async function saveDisplayNames(deviceId: number, changes: ReturnType<typeof displayNameChanges>) {
  if (!changes.length) return;
  const { metadata } = await fetcher<DeviceInfo>(deviceInfoUrl(deviceId));
  await Promise.all(
    changes.flatMap((c) => {
      const m = metadata.find((x) => x.name === c.name);
      return m ? [send("PUT", `/api/v1/device_measurement_metadata/${m.id}`, { display_name: c.display_name })] : [];
    }),
  );
}

/**
 * My Devices' device form (Variant A): the device, where it is and how it reports, and its
 * channels with their units. Validated by the server's schema on the body it sends (toPayload),
 * with the specification's messages under the fields they are about. `displayNames` are the
 * stored device's (its device_info view), edited here too.
 */
export function UserDeviceForm({ device, displayNames, integrations }: { device?: UserDevice; displayNames?: DisplayNames; integrations: IntegrationChoice[] }) {
  const t = useTranslations("devices");
  const router = useRouter();
  const toast = useToast();
  const failure = useErrorMessage();
  const form = useZodForm(schema, () => toValues(device, displayNames), toPayload);

  // the body sent is the one checked, as the form built it (the server parses it again)
  const onSubmit = form.submit(async (_data, body) => {
    const names = displayNameChanges(form.values, displayNames ?? new Map());
    if (device) {
      await send("PUT", userDeviceUrl(device.id), { ...(body as object), id: device.id });
      await saveDisplayNames(device.id, names);
      toast.success(t("form.updated"));
    } else {
      const created = await send<UserDevice>("POST", "/api/v1/user_devices", body);
      try {
        await saveDisplayNames(created.id, names);
      } catch (e) {
        // the device exists: a second submit of this form would create it again (and be refused),
        // so its edit form takes over, where the names can be given again
        toast.warning({ title: t("form.namesNotSaved"), message: t("form.namesNotSavedText", { detail: failure(e) }) });
        await revalidateDevices();
        router.push(`/user-devices/${created.id}/edit`);
        return "keep-busy";
      }
      toast.success({ title: t("form.created"), message: t("form.createdText") });
    }
    await revalidateDevices();
    router.push("/user-devices");
    return "keep-busy";
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={device ? t("form.editLabel") : t("form.newLabel")} sx={{ maxWidth: 880 }}>
      <FormErrorAlert error={form.serverError} />
      <DeviceFields form={form} autoFocus={!device} />
      <ReportingFields form={form} integrations={integrations} />
      <ChannelFields form={form} />
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <SubmitButton busy={form.busy}>{device ? t("form.save") : t("form.create")}</SubmitButton>
        <Button component={Link} href="/user-devices" size="large" disabled={form.busy}>
          {t("form.cancel")}
        </Button>
        {device && (
          <DeleteDeviceButton
            url={userDeviceUrl(device.id)}
            listHref="/user-devices"
            confirmText={t("userForm.deleteConfirm", { id: device.device_id })}
            size="large"
            disabled={form.busy}
            sx={{ ml: { sm: "auto" } }}
          >
            {t("userForm.delete")}
          </DeleteDeviceButton>
        )}
      </Box>
    </Box>
  );
}
