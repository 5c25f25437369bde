import type { Location } from "@/lib/generated/prisma/client";
import { toDeviceInfoView, type DeviceWithMeasurements } from "./device";

export type LocationWithDevices = Location & { devices: DeviceWithMeasurements[] };

export const withDevices = { devices: { orderBy: { id: "asc" }, include: { measurements: { orderBy: { id: "asc" } } } } } as const;

export function toLocationView(l: LocationWithDevices) {
  return {
    id: l.id,
    name: l.name,
    country: l.country,
    lat: Number(l.lat),
    lon: Number(l.lon),
    owner_id: l.ownerId,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
    devices_info: l.devices.map(toDeviceInfoView),
  };
}
