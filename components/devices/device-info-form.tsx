"use client";
import { useEffect } from "react";
import { NextLink as Link } from "@/components/ui/next-link";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { send } from "@/lib/swr/fetcher";
import { DEVICE_INFO_URL, deviceInfoUrl, revalidateDevices, useOwnerChoices, type DeviceInfo, type OwnerChoice } from "@/lib/swr/use-devices";
import { useOwnerLocations } from "@/lib/swr/use-locations";
import { DEVICE_TYPES, PHASES } from "@/lib/enums";
import { countryLabel } from "@/components/ui/labels";
import { deviceTypeHelp, deviceTypeLabel, phaseLabel } from "@/lib/devices/labels";
import { EnumSelect } from "@/components/ui/enum-select";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { asTextForm, useZodForm } from "@/components/ui/use-zod-form";
import { ErrorState, LoadingState } from "@/components/ui/page-states";

type Values = { device_id: string; device_type: string; phase_m: string; owner_id: string; location_id: string };

const schema = () => import("@/lib/validation/device").then((m) => asTextForm<Values>()(m.deviceInfoCreateSchema));

/**
 * The device form of the device pages (Variant B): device id, type, phase, owner (from the users
 * list, which for a non-admin holds only themselves) and a location of that owner. It shows once
 * the users list has loaded and is not empty.
 */
export function DeviceInfoForm({ callerId, device }: { callerId: number; device?: DeviceInfo }) {
  const t = useTranslations("devices.form");
  const tStates = useTranslations("devices.states");
  const owners = useOwnerChoices();
  if (owners.error) return <ErrorState error={owners.error} what={tStates("owners")} onRetry={() => owners.mutate()} />;
  if (owners.isLoading || !owners.data) return <LoadingState />;
  if (!owners.data.length) {
    return (
      <Notice severity="warning" sx={{ my: 2 }}>
        {t("noOwner")}
      </Notice>
    );
  }
  return <DeviceInfoFields callerId={callerId} device={device} owners={owners.data} />;
}

function ownerLabel(o: OwnerChoice, callerId: number, you: (owner: string) => string) {
  const name = [o.first_name, o.last_name].filter(Boolean).join(" ");
  const owner = `${name ? `${name} · ` : ""}${o.email}`;
  return o.id === callerId ? you(owner) : owner;
}

function DeviceInfoFields({ callerId, device, owners }: { callerId: number; device?: DeviceInfo; owners: OwnerChoice[] }) {
  const t = useTranslations("devices.form");
  const tl = useTranslations("devices.labels");
  const tcommon = useTranslations("common");
  const router = useRouter();
  const toast = useToast();
  const form = useZodForm(schema, {
    device_id: device?.device_id ?? "",
    device_type: device?.device_type ?? "",
    phase_m: device?.phase_m ?? "",
    owner_id: String(device?.owner_id ?? (owners.some((o) => o.id === callerId) ? callerId : owners[0].id)),
    location_id: device?.location_id ? String(device.location_id) : "",
  });
  const ownerId = Number(form.values.owner_id) || null;
  const locations = useOwnerLocations(ownerId);
  const { setValues } = form;

  // a new device goes to its owner's only location (My Devices needs one); still changeable
  const only = !device && locations.data?.length === 1 ? String(locations.data[0].id) : null;
  useEffect(() => {
    if (only) setValues((v) => (v.location_id ? v : { ...v, location_id: only }));
  }, [only, setValues]);
  const locationChoices = (locations.data ?? []).map((l) => ({ id: String(l.id), label: t("locationOption", { name: l.name, country: countryLabel(l.country, tcommon) }) }));
  if (form.values.location_id && !locationChoices.some((l) => l.id === form.values.location_id)) {
    locationChoices.push({ id: form.values.location_id, label: t("locationN", { id: form.values.location_id }) });
  }

  const onSubmit = form.submit(async (data) => {
    try {
      if (!device) {
        const created = await send<DeviceInfo>("POST", DEVICE_INFO_URL.replace(/\/$/, ""), data);
        await revalidateDevices();
        toast.success({ title: t("created"), message: t("createdText") });
        router.push(`/device-info/${created.id}`);
      } else {
        await send<DeviceInfo>("PUT", deviceInfoUrl(device.id), { ...data, id: device.id });
        await revalidateDevices();
        toast.success(t("updated"));
        router.push(`/device-info/${device.id}`);
      }
      return "keep-busy";
    } catch (e) {
      if (!device) toast.error({ title: t("createFailed"), message: t("createFailedText") });
      throw e;
    }
  });

  const locationHelp = locations.error
    ? t("locationsFailed")
    : locations.isLoading
      ? t("locationsLoading")
      : !locationChoices.length
        ? t("noLocations")
        : only && form.values.location_id === only
          ? t("onlyLocation")
          : t("locationHelp");

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={onSubmit} aria-label={device ? t("editLabel") : t("newLabel")} sx={{ maxWidth: 720, p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
      <FormErrorAlert error={form.serverError} />
      <Stack spacing={2.5} sx={{ mb: 3 }}>
        <TextField label={t("deviceId")} required fullWidth autoFocus={!device} placeholder={t("deviceIdPlaceholder")} {...form.text("device_id")} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5} sx={{ alignItems: "flex-start" }}>
          <EnumSelect
            label={t("deviceType")}
            fullWidth
            options={DEVICE_TYPES}
            labelOf={(type) => deviceTypeLabel(type, tl) ?? type}
            empty={t("notSet")}
            {...form.text("device_type")}
            helperText={form.errors.device_type ?? deviceTypeHelp(form.values.device_type, tl)}
          />
          <EnumSelect
            label={t("phase")}
            fullWidth
            options={PHASES}
            labelOf={(p) => phaseLabel(p, tl)}
            empty={t("notSet")}
            {...form.text("phase_m")}
            helperText={form.errors.phase_m ?? t("phaseHelp")}
          />
        </Stack>
        <NativeSelectField
          label={t("owner")}
          fullWidth
          {...form.text("owner_id")}
          // a location belongs to one owner: a new owner starts with no location
          onChange={(e) => form.setValues((v) => ({ ...v, owner_id: e.target.value, location_id: e.target.value === v.owner_id ? v.location_id : "" }))}
          helperText={form.errors.owner_id ?? (owners.length === 1 ? t("ownerHelp") : undefined)}
        >
          {form.values.owner_id === "" && <option value="" disabled hidden />}
          {owners.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {ownerLabel(o, callerId, (owner) => t("ownerYou", { owner }))}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField label={t("location")} fullWidth {...form.text("location_id")} disabled={locations.isLoading} helperText={form.errors.location_id ?? locationHelp}>
          <option value="">{t("noLocation")}</option>
          {locationChoices.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </NativeSelectField>
        {!locations.isLoading && !locations.error && !locations.data?.length && ownerId === callerId && (
          <Box>
            <Button component={Link} href="/locations/new" size="small">
              {t("addLocation")}
            </Button>
          </Box>
        )}
      </Stack>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
        <SubmitButton busy={form.busy}>{device ? t("save") : t("create")}</SubmitButton>
        <Button component={Link} href={device ? `/device-info/${device.id}` : "/device-info"} size="large" disabled={form.busy}>
          {t("cancel")}
        </Button>
      </Box>
    </Paper>
  );
}
