"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableRow from "@mui/material/TableRow";
import { Text } from "@/components/ui/text";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import Add from "@mui/icons-material/Add";
import DevicesOtherOutlined from "@mui/icons-material/DevicesOtherOutlined";
import { useDeviceInfoList, type DeviceInfo } from "@/lib/swr/use-devices";
// every user's e-mail by id, for an admin (GET /api/v1/users; the same read as the schedules' owners)
import { useScheduleOwners as useOwnerEmails } from "@/lib/swr/use-schedules";
import { deviceTypeLabel, ownerText } from "@/lib/devices/labels";
import { DataTableHead } from "@/components/ui/data-table-head";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState, LoadingState } from "@/components/ui/page-states";

/** The empty state of a device list: what a device is here, and the way to add one. */
export function NoDevices({ href, text }: { href: string; text: string }) {
  const t = useTranslations("devices.empty");
  return (
    <EmptyState
      icon={DevicesOtherOutlined}
      title={t("title")}
      action={
        <Button component={Link} href={href} variant="contained" startIcon={<Add />}>
          {t("action")}
        </Button>
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
      <Button component={Link} href={`/device-info/${d.id}`} size="small" aria-label={t("list.viewLabel", { id: d.device_id })}>
        {t("list.view")}
      </Button>
      <Button component={Link} href={`/device-info/${d.id}/edit`} size="small" aria-label={t("list.editLabel", { id: d.device_id })}>
        {t("list.edit")}
      </Button>
    </>
  );
  if (phone) {
    // a table of four columns does not fit a phone: one block per device, same fields
    return (
      <Paper component="ul" aria-label={t("list.label")} variant="outlined" sx={{ borderRadius: 3, listStyle: "none", m: 0, p: 0, "& > li + li": { borderTop: 1, borderColor: "divider" } }}>
        {data.map((d) => (
          <Box component="li" key={d.id} sx={{ px: 2, pt: 1.5, pb: 1 }}>
            <Text sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{d.device_id}</Text>
            <Text variant="body2" color="textSecondary">
              {t.rich("list.phoneLine", {
                type: deviceTypeLabel(d.device_type, tl) ?? t("list.notSet"),
                owner: ownerText(d.owner_id, callerId, emails, tl),
                value: (chunks) => <Box component="span" sx={{ color: "text.primary" }}>{chunks}</Box>,
                who: (chunks) => <Box component="span" sx={{ color: "text.primary", overflowWrap: "anywhere" }}>{chunks}</Box>,
              })}
            </Text>
            <Box sx={{ display: "flex", gap: 1, ml: -1, mt: 0.5 }}>{actions(d)}</Box>
          </Box>
        ))}
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
      <Table aria-label={t("list.label")} sx={{ "& td, & th": { px: { xs: 1.25, sm: 2 } } }}>
        <DataTableHead columns={[t("list.deviceId"), t("list.deviceType"), t("list.ownerId")]} actions />
        <TableBody>
          {data.map((d) => (
            <TableRow key={d.id} hover>
              <TableCell sx={{ fontWeight: 600, overflowWrap: "anywhere", minWidth: 110 }}>{d.device_id}</TableCell>
              <TableCell>{deviceTypeLabel(d.device_type, tl) ?? dash}</TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{ownerText(d.owner_id, callerId, emails, tl)}</TableCell>
              <TableCell align="right">
                <Box sx={{ display: "flex", gap: 0.5, justifyContent: "flex-end" }}>{actions(d)}</Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
