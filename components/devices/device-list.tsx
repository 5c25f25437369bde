"use client";
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import DevicesOtherOutlined from "@mui/icons-material/DevicesOtherOutlined";
import { useDeviceInfoList, type DeviceInfo } from "@/lib/swr/use-devices";
// every user's e-mail by id, for an admin (GET /api/v1/users; the same read as the schedules' owners)
import { useScheduleOwners as useOwnerEmails } from "@/lib/swr/use-schedules";
import { deviceTypeLabel, ownerText } from "@/lib/devices/labels";
import { DataTableHead } from "@/components/ui/data-table-head";
import { EmptyState } from "@/components/ui/empty-state";
import { PlainLinkButton } from "@/components/ui/plain-button";
import { ADD_ICON } from "@/components/ui/icon-paths";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import dt from "@/components/ui/data-table.module.css";
import s from "./device-list.module.css";

/** The empty state of a device list: what a device is here, and the way to add one. */
export function NoDevices({ href, text }: { href: string; text: string }) {
  const t = useTranslations("devices.empty");
  return (
    <EmptyState
      icon={DevicesOtherOutlined}
      title={t("title")}
      action={
        <PlainLinkButton href={href} variant="contained" startIcon={ADD_ICON}>
          {t("action")}
        </PlainLinkButton>
      }
    >
      {text}
    </EmptyState>
  );
}

/** /device-info: Device ID, Device Type and Owner ID of each device, with View and Edit Device. */
export function DeviceList({ callerId, isAdmin }: { callerId: number; isAdmin: boolean }) {
  const t = useTranslations("devices");
  const tl = useTranslations("devices.labels");
  const { data, error, isLoading, mutate } = useDeviceInfoList();
  const emails = useOwnerEmails(isAdmin);
  // hydrated as the server drew it (a table), then a phone switches to its list: noSsr would make a
  // phone hydrate the list over the server's table, a mismatch that threw the whole page away
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  if (error) return <ErrorState error={error} what={t("states.yourDevices")} onRetry={() => mutate()} />;
  if (isLoading || !data) return <LoadingState />;
  if (!data.length) {
    return <NoDevices href="/device-info/new" text={t("empty.deviceInfo")} />;
  }
  const dash = (
    <Text component="span" color="textSecondary">
      {t("list.notSet")}
    </Text>
  );
  const actions = (d: DeviceInfo) => (
    <>
      <PlainLinkButton href={`/device-info/${d.id}`} size="small" aria-label={t("list.viewLabel", { id: d.device_id })}>
        {t("list.view")}
      </PlainLinkButton>
      <PlainLinkButton href={`/device-info/${d.id}/edit`} size="small" aria-label={t("list.editLabel", { id: d.device_id })}>
        {t("list.edit")}
      </PlainLinkButton>
    </>
  );
  if (phone) {
    // a table of four columns does not fit a phone: one block per device, same fields
    return (
      <ul aria-label={t("list.label")} className={s.phoneList}>
        {data.map((d) => (
          <li key={d.id} className={s.device}>
            <Text className={s.strong}>{d.device_id}</Text>
            <Text variant="body2" color="textSecondary">
              {t.rich("list.phoneLine", {
                type: deviceTypeLabel(d.device_type, tl) ?? t("list.notSet"),
                owner: ownerText(d.owner_id, callerId, emails, tl),
                value: (chunks) => <span className={s.value}>{chunks}</span>,
                who: (chunks) => <span className={s.who}>{chunks}</span>,
              })}
            </Text>
            <div className={s.phoneActions}>{actions(d)}</div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={dt.container}>
      <table aria-label={t("list.label")} className={`${dt.table} ${s.table}`}>
        <DataTableHead columns={[t("list.deviceId"), t("list.deviceType"), t("list.ownerId")]} actions />
        <tbody>
          {data.map((d) => (
            <tr key={d.id}>
              <td className={s.idCell}>{d.device_id}</td>
              <td>{deviceTypeLabel(d.device_type, tl) ?? dash}</td>
              <td className={s.wrap}>{ownerText(d.owner_id, callerId, emails, tl)}</td>
              <td className={dt.end}>
                <div className={s.rowActions}>{actions(d)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
