"use client";
import { useState } from "react";
import { NextLink as Link } from "@/components/ui/next-link";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Tag } from "@/components/ui/tag";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import { Text } from "@/components/ui/text";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import { send } from "@/lib/swr/fetcher";
import { deviceInfoUrl, revalidateDevices, useDeviceInfo, type DeviceInfo, type Measurement } from "@/lib/swr/use-devices";
import { useLocation } from "@/lib/swr/use-locations";
import { measurementLimit } from "@/lib/devices/rules";
import { countryLabel } from "@/components/ui/labels";
import { deviceTypeLabel, measureTypeLabel, ownerText, phaseLabel, type DeviceLabelsT } from "@/lib/devices/labels";
// every user's e-mail by id, for an admin (GET /api/v1/users; the same read as the schedules' owners)
import { useScheduleOwners as useOwnerEmails } from "@/lib/swr/use-schedules";
import { useToast } from "@/components/ui/toast-provider";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { DataTableHead } from "@/components/ui/data-table-head";
import { DeleteDeviceButton } from "@/components/ui/delete-device-button";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyWhenOpen } from "@/components/ui/lazy";
import dt from "@/components/ui/data-table.module.css";
import { LivePanel } from "./live-panel";
import { PowerChartPanel } from "./power-chart-panel";
import { ConnectPanel } from "./connect-panel";
import s from "./device-list.module.css";

// the New Measure modal (with the schema it checks) and the confirmation load when first opened
const MeasurementDialog = lazyWhenOpen(() => import("./measurement-dialog").then((m) => m.MeasurementDialog));
const ConfirmDialog = lazyWhenOpen(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));

type DevicesT = ReturnType<typeof useTranslations<"devices">>;

/** Why New Measure is disabled, in words. */
function limitReason(t: DevicesT, tl: DeviceLabelsT, d: DeviceInfo, limit: number) {
  return limit === 3 ? t("view.limitSinglePhase", { type: deviceTypeLabel(d.device_type, tl) ?? "" }) : t("view.limitOne");
}

/**
 * /device-info/{id}: the device, its location and its measurements with the New Measure modal;
 * below, its live readings, its power chart and how to connect it (live telemetry over MQTT).
 */
export function DeviceView({ id, callerId, isAdmin }: { id: number; callerId: number; isAdmin: boolean }) {
  const t = useTranslations("devices");
  const { data: device, error, isLoading, mutate } = useDeviceInfo(id);
  const back = { href: "/device-info", label: t("pages.devices") };
  if (error) {
    return (
      <>
        <PageHeader title={t("pages.device")} back={back} />
        <ErrorState error={error} what={t("states.thisDevice")} onRetry={() => mutate()} back={back} />
      </>
    );
  }
  if (isLoading || !device) {
    return (
      <>
        <PageHeader title={t("pages.device")} back={back} />
        <LoadingState />
      </>
    );
  }
  return <DeviceDetails device={device} callerId={callerId} isAdmin={isAdmin} />;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Text component="dt" variant="body2" color="textSecondary">
        {label}
      </Text>
      <Text component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Box>
  );
}

function LocationName({ id }: { id: number }) {
  const t = useTranslations("devices");
  const tcommon = useTranslations("common");
  const { data, error } = useLocation(id);
  if (error || !data) return <>{t("view.locationN", { id: String(id) })}</>;
  const country = countryLabel(data.country, tcommon);
  return (
    <>
      {data.name}{" "}
      <Text component="span" variant="body2" color="textSecondary">
        {t("view.locationPlace", { country, id: String(id) })}
      </Text>
    </>
  );
}

function DeviceDetails({ device, callerId, isAdmin }: { device: DeviceInfo; callerId: number; isAdmin: boolean }) {
  const t = useTranslations("devices");
  const tl = useTranslations("devices.labels");
  const toast = useToast();
  const emails = useOwnerEmails(isAdmin && device.owner_id !== callerId);
  const [editing, setEditing] = useState<{ open: boolean; measurement: Measurement | null }>({ open: false, measurement: null });
  const [deleting, setDeleting] = useState<Measurement | null>(null);

  // hydrated as the server drew it (the grid), then a phone switches to its blocks: noSsr would make
  // a phone hydrate the blocks over the server's grid, a mismatch that threw the whole page away
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const limit = measurementLimit(device.device_type, device.phase_m);
  const count = device.metadata.length;
  const full = count >= limit;
  const dash = <Text component="span" color="textSecondary">{t("view.notSet")}</Text>;

  const closeEditor = () => setEditing((e) => ({ ...e, open: false }));
  const onSaved = async (_saved: Measurement, created: boolean) => {
    await revalidateDevices();
    toast.success(created ? t("view.measurementCreated") : t("view.measurementUpdated"));
    closeEditor();
  };

  const rowActions = (m: Measurement) => (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", flexShrink: 0 }}>
      <Button size="small" onClick={() => setEditing({ open: true, measurement: m })} aria-label={t("view.editLabel", { name: m.display_name ?? m.name })}>
        {t("view.edit")}
      </Button>
      <Tooltip title={t("view.delete")}>
        <IconButton size="small" color="error" onClick={() => setDeleting(m)} aria-label={t("view.deleteLabel", { name: m.display_name ?? m.name })}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );

  return (
    <>
      <PageHeader
        title={device.device_id}
        subtitle={[deviceTypeLabel(device.device_type, tl) ?? t("view.typeNotSet"), device.phase_m && phaseLabel(device.phase_m, tl)].filter(Boolean).join(" · ")}
        back={{ href: "/device-info", label: t("pages.devices") }}
        actions={
          <>
            <Button component={Link} href={`/device-info/${device.id}/edit`} variant="outlined" startIcon={<EditOutlined />}>
              {t("view.editDevice")}
            </Button>
            <Button component={Link} href={`/user-devices/${device.id}/edit`} variant="outlined" startIcon={<TuneOutlined />}>
              {t("view.channelsAndReporting")}
            </Button>
            <DeleteDeviceButton
              url={deviceInfoUrl(device.id)}
              listHref="/device-info"
              confirmText={count === 1 ? t("view.deleteConfirmOne", { id: device.device_id }) : t("view.deleteConfirmMany", { id: device.device_id, count })}
            >
              {t("view.delete")}
            </DeleteDeviceButton>
          </>
        }
      />

      <Paper component="section" aria-label={t("view.details")} variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, mb: 3 }}>
        <Box component="dl" sx={{ m: 0, display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(5, minmax(0, 1fr))" } }}>
          <Field label={t("view.deviceId")}>{device.device_id}</Field>
          <Field label={t("view.deviceType")}>{deviceTypeLabel(device.device_type, tl) ?? dash}</Field>
          <Field label={t("view.phase")}>{device.phase_m ? phaseLabel(device.phase_m, tl) : dash}</Field>
          <Field label={t("view.ownerId")}>{ownerText(device.owner_id, callerId, emails, tl)}</Field>
          <Field label={t("view.location")}>{device.location_id ? <LocationName id={device.location_id} /> : dash}</Field>
        </Box>
      </Paper>

      <Box component="section" aria-labelledby="measurements-title">
        <Box sx={{ display: "flex", alignItems: { xs: "flex-start", sm: "center" }, justifyContent: "space-between", gap: 2, mb: 1.5, flexDirection: { xs: "column", sm: "row" } }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
            <Text id="measurements-title" variant="h2" sx={{ fontSize: "1.3rem" }}>
              {t("view.measurements")}
            </Text>
            <Tag label={t("view.count", { count, limit })} color={full ? "default" : "primary"} variant="outlined" />
          </Box>
          <Button
            variant="contained"
            startIcon={<Add />}
            disabled={full}
            aria-describedby={full ? "measure-limit" : undefined}
            onClick={() => setEditing({ open: true, measurement: null })}
          >
            {t("view.newMeasure")}
          </Button>
        </Box>
        {full && (
          <Text id="measure-limit" variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
            {limitReason(t, tl, device, limit)}
          </Text>
        )}
        {count === 0 ? (
          <EmptyState>{t("view.noMeasurements")}</EmptyState>
        ) : phone ? (
          // the grid's columns do not fit a phone: one block per measurement, same fields
          <ul aria-labelledby="measurements-title" className={s.phoneList}>
            {device.metadata.map((m) => (
              <li key={m.id} className={s.measurement}>
                <div className={s.measurementText}>
                  <Text className={s.strong}>{m.display_name ?? m.name}</Text>
                  <Text variant="body2" color="textSecondary" className={s.wrapText}>
                    <span className={s.mono}>{m.name}</span> · {measureTypeLabel(m.measure_type, tl)}
                  </Text>
                </div>
                {rowActions(m)}
              </li>
            ))}
          </ul>
        ) : (
          <div className={dt.container}>
            <table aria-labelledby="measurements-title" className={`${dt.table} ${dt.small} ${s.table}`}>
              <DataTableHead columns={[t("view.name"), t("view.displayName"), t("view.measureType")]} actions />
              <tbody>
                {device.metadata.map((m) => (
                  <tr key={m.id}>
                    <td className={s.code}>{m.name}</td>
                    <td className={s.wrap}>{m.display_name ?? dash}</td>
                    <td>{measureTypeLabel(m.measure_type, tl)}</td>
                    <td className={`${dt.end} ${s.nowrap}`}>
                      {rowActions(m)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Box>

      {/* live telemetry: any device can send its readings over MQTT */}
      <LivePanel deviceId={device.id} />
      <PowerChartPanel deviceId={device.id} measurements={device.metadata} />
      <ConnectPanel device={device} />

      <MeasurementDialog device={device} measurement={editing.measurement} open={editing.open} onClose={closeEditor} onSaved={onSaved} />

      <ConfirmDialog
        open={deleting !== null}
        title={t("view.deleteMeasurementTitle")}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await send("DELETE", `/api/v1/device_measurement_metadata/${deleting.id}`);
          await revalidateDevices();
          toast.success(t("view.measurementDeleted"));
          setDeleting(null);
        }}
      >
        {deleting && t("view.deleteMeasurementText", { name: deleting.display_name ?? deleting.name, code: deleting.name, device: device.device_id })}
      </ConfirmDialog>
    </>
  );
}
