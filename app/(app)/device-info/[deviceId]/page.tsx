import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { DeviceView } from "@/components/devices/device-view";
import { idOrNotFound } from "@/components/ui/route-id";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { deviceInfoUrl, deviceLiveUrl, deviceMqttUrl } from "@/lib/swr/keys";
import { GET as device } from "@/app/api/v1/device_info/[id]/route";
import { GET as live } from "@/app/api/v1/device_info/[id]/live/route";
import { GET as mqtt } from "@/app/api/v1/device_info/[id]/mqtt/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.device") };
}

export default async function DevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  const path = { id: String(id) };
  // the device, and its live panels' first answers: the page opens with its readings and its connection
  const fallback = await prefetch(caller, [
    [deviceInfoUrl(id), device, path],
    [deviceLiveUrl(id), live, path],
    [deviceMqttUrl(id), mqtt, path],
  ]);
  return (
    <Messages parts={["devices"]}>
      <SwrFallback fallback={fallback}>
        <DeviceView id={id} callerId={caller.id} isAdmin={caller.isSuperuser} />
      </SwrFallback>
    </Messages>
  );
}
