import type { Metadata } from "next";
import Button from "@mui/material/Button";
import Add from "@mui/icons-material/Add";
import ViewModuleOutlined from "@mui/icons-material/ViewModuleOutlined";
import { requireCaller } from "@/lib/auth/session";
import { DeviceList } from "@/components/devices/device-list";
import { PageHeader } from "@/components/ui/page-header";
import { NextLink } from "@/components/ui/next-link";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { DEVICE_INFO_URL } from "@/lib/swr/keys";
import { GET as deviceInfo } from "@/app/api/v1/device_info/route";

export const metadata: Metadata = { title: "Devices" };

export default async function DevicesPage() {
  const caller = await requireCaller();
  const fallback = await prefetch(caller, [[DEVICE_INFO_URL, deviceInfo]]);
  return (
    <>
      <PageHeader
        title="Devices"
        subtitle={caller.isSuperuser ? "Every user's devices: you are logged in as an admin." : "Your meters and smart devices, and what they measure."}
        actions={
          <>
            <Button component={NextLink} href="/user-devices" variant="outlined" startIcon={<ViewModuleOutlined />}>
              My Devices
            </Button>
            <Button component={NextLink} href="/device-info/new" variant="contained" startIcon={<Add />}>
              New Device
            </Button>
          </>
        }
      />
      <SwrFallback fallback={fallback}>
        <DeviceList callerId={caller.id} isAdmin={caller.isSuperuser} />
      </SwrFallback>
    </>
  );
}
