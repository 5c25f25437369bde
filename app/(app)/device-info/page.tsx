import type { Metadata } from "next";
import Button from "@mui/material/Button";
import Add from "@mui/icons-material/Add";
import ViewModuleOutlined from "@mui/icons-material/ViewModuleOutlined";
import { requireCaller } from "@/lib/auth/session";
import { DeviceList } from "@/components/devices/device-list";
import { PageHeader } from "@/components/ui/page-header";
import { NextLink } from "@/components/ui/next-link";

export const metadata: Metadata = { title: "Devices" };

export default async function DevicesPage() {
  const caller = await requireCaller();
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
      <DeviceList callerId={caller.id} />
    </>
  );
}
