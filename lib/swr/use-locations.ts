"use client";
// SWR hooks of the location screens and of the location choice in the device forms.
import { mutate } from "swr";
import { retryServerErrors } from "./retry";
import type { toLocationView } from "@/lib/serializers/location";
import { useApi } from "./use-api";
import { LOCATIONS_URL, MY_LOCATIONS_URL, locationUrl } from "./keys";

export { locationUrl };

export type LocationView = ReturnType<typeof toLocationView>;


/** GET /api/v1/locations: own locations with their devices (admin: all users'). */
export function useLocations() {
  return useApi<LocationView[]>(LOCATIONS_URL, retryServerErrors);
}

/** The locations of one owner, for a device's location choice; `null` waits for the owner. */
export function useOwnerLocations(ownerId: number | null) {
  return useApi<LocationView[]>(ownerId === null ? null : `/api/v1/locations?owner_id=${ownerId}`, retryServerErrors);
}

/** GET /api/v1/locations/my: the caller's own, also for an admin. */
export function useMyLocations() {
  return useApi<LocationView[]>(MY_LOCATIONS_URL, retryServerErrors);
}

export function useLocation(id: number | null) {
  return useApi<LocationView>(id === null ? null : locationUrl(id), retryServerErrors);
}

/** After a location write: every cached location list and location is stale. */
export function revalidateLocations() {
  return mutate((key) => typeof key === "string" && key.startsWith(LOCATIONS_URL));
}
