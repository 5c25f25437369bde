import type { Metadata } from "next";
import Button from "@mui/material/Button";
import Add from "@mui/icons-material/Add";
import TableRowsOutlined from "@mui/icons-material/TableRowsOutlined";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";
import { PageHeader } from "@/components/ui/page-header";
import { UserDeviceGrid } from "@/components/devices/user-device-grid";
import { NextLink } from "@/components/ui/next-link";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { DEVICE_INFO_URL, MY_LOCATIONS_URL, userDevicesUrl } from "@/lib/swr/keys";
import { GET as userDevices } from "@/app/api/v1/user_devices/route";
import { GET as myLocations } from "@/app/api/v1/locations/my/route";
import { GET as deviceInfo } from "@/app/api/v1/device_info/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.myDevices") };
}

export default async function UserDevicesPage() {
  const caller = await requireCaller();
  const [linked, fallback, t] = await Promise.all([
    listIntegrations(caller),
    prefetch(caller, [
      [userDevicesUrl(caller.id), userDevices],
      [MY_LOCATIONS_URL, myLocations],
      // the channels' display names
      [DEVICE_INFO_URL, deviceInfo],
    ]),
    getT("devices"),
  ]);
  const integrations = linked.map(({ id, name }) => ({ id, name }));
  return (
    <Messages parts={["devices"]}>
      <PageHeader
        title={t("pages.myDevices")}
        subtitle={t("pages.myDevicesIntro")}
        actions={
          <>
            <Button component={NextLink} href="/device-info" variant="outlined" startIcon={<TableRowsOutlined />}>
              {t("pages.deviceList")}
            </Button>
            <Button component={NextLink} href="/user-devices/new" variant="contained" startIcon={<Add />}>
              {t("pages.newDevice")}
            </Button>
          </>
        }
      />
      <SwrFallback fallback={fallback}>
        <UserDeviceGrid callerId={caller.id} integrations={integrations} />
      </SwrFallback>
    </Messages>
  );
}
