"use client";
// SWR hooks of the device screens: the device_info view (device list and page), the user_devices
// view (My Devices cards) and the owner choice of the device form.
import { mutate } from "swr";
import { retryServerErrors } from "./retry";
import type { toDeviceInfoView, toMeasurementView, toUserDeviceView } from "@/lib/serializers/device";
import type { UserView } from "@/lib/serializers/user";
import { useApi } from "./use-api";
import { DEVICE_INFO_URL, deviceInfoUrl, userDeviceUrl, userDevicesUrl } from "./keys";

export { DEVICE_INFO_URL, deviceInfoUrl, userDeviceUrl };

export type DeviceInfo = ReturnType<typeof toDeviceInfoView>;
export type Measurement = ReturnType<typeof toMeasurementView>;
export type UserDevice = ReturnType<typeof toUserDeviceView>;
export type OwnerChoice = Pick<UserView, "id" | "email" | "first_name" | "last_name">;

/** GET /api/v1/device_info/: own devices (admin: all). */
export function useDeviceInfoList() {
  return useApi<DeviceInfo[]>(DEVICE_INFO_URL, retryServerErrors);
}

/** GET /api/v1/device_info/{id} with its measurements; `null` waits (e.g. for a valid id). */
export function useDeviceInfo(id: number | null) {
  return useApi<DeviceInfo>(id === null ? null : deviceInfoUrl(id), retryServerErrors);
}

/** GET /api/v1/user_devices of one owner (My Devices shows the caller's own, also for an admin). */
export function useUserDevices(ownerId: number) {
  return useApi<UserDevice[]>(userDevicesUrl(ownerId), retryServerErrors);
}

export function useUserDevice(id: number | null) {
  return useApi<UserDevice>(id === null ? null : userDeviceUrl(id), retryServerErrors);
}

/** GET /api/v1/users: the owners a device may have (a non-admin gets only itself). */
export function useOwnerChoices() {
  return useApi<OwnerChoice[]>("/api/v1/users", retryServerErrors);
}

/**
 * After a device or measurement write: every cached device view and the locations (which list
 * their devices) are stale. `except` is a key not to reload (a device that was just deleted).
 */
export function revalidateDevices(except?: string) {
  return mutate((key) => typeof key === "string" && key !== except && /^\/api\/v1\/(device_info|user_devices|locations)/.test(key));
}
