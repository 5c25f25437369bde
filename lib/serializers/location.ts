import type { LocationListRow, LocationWithDevices } from "@/lib/services/locations/locations";
import { toDeviceInfoView } from "./device";

export type { LocationWithDevices };

export function toLocationView(l: LocationWithDevices | LocationListRow) {
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
