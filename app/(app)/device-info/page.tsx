import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { DeviceList } from "@/components/devices/device-list";
import { PageHeader } from "@/components/ui/page-header";
import { PlainLinkButton } from "@/components/ui/plain-button";
import { ADD_ICON, VIEW_MODULE_ICON } from "@/components/ui/icon-paths";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { DEVICE_INFO_URL } from "@/lib/swr/keys";
import { GET as deviceInfo } from "@/app/api/v1/device_info/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.devices") };
}

export default async function DevicesPage() {
  const caller = await requireCaller();
  const [fallback, t] = await Promise.all([prefetch(caller, [[DEVICE_INFO_URL, deviceInfo]]), getT("devices")]);
  return (
    <Messages parts={["devices"]}>
      <PageHeader
        title={t("pages.devices")}
        subtitle={caller.isSuperuser ? t("pages.devicesAdmin") : t("pages.devicesIntro")}
        actions={
          <>
            <PlainLinkButton href="/user-devices" variant="outlined" startIcon={VIEW_MODULE_ICON}>
              {t("pages.myDevices")}
            </PlainLinkButton>
            <PlainLinkButton href="/device-info/new" variant="contained" startIcon={ADD_ICON}>
              {t("pages.newDevice")}
            </PlainLinkButton>
          </>
        }
      />
      <SwrFallback fallback={fallback}>
        <DeviceList callerId={caller.id} isAdmin={caller.isSuperuser} />
      </SwrFallback>
    </Messages>
  );
}
