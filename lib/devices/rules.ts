// The devices' pure rules, shared by the device forms, the schemas (lib/validation/device.ts) and
// the services: the vendor sources, how many measurements a device may have. Both forms offer
// every device type (lib/enums' DEVICE_TYPES): each view must accept what the other creates.
// No zod here: a page that only shows devices loads none of the validation code.
import type { DataSource } from "@/lib/enums";

/** Sources read through a vendor's API: these need one of the user's integrations. */
export const VENDOR_SOURCES = ["legrand_api", "linky_api", "netatmo_api"] as const satisfies readonly DataSource[];

/**
 * How many measurements a device may have: 3 for a single-phase spoony or shelly, 1 for any
 * other device (a shelly whose phase is unknown included).
 */
export function measurementLimit(deviceType: string | null | undefined, phase: string | null | undefined): number {
  return (deviceType === "spoony" || deviceType === "shelly") && phase === "single" ? 3 : 1;
}

export function measurementLimitMessage(limit: number) {
  return `This device already has its maximum of ${limit} measurement${limit === 1 ? "" : "s"}`;
}

/** The name and display name a new measurement starts with in the Variant B modal. */
export function newMeasurementDefaults(deviceType: string | null | undefined, phase: string | null | undefined) {
  return measurementLimit(deviceType, phase) === 3
    ? { name: `${deviceType}updatename`, display_name: "insert name" }
    : { name: "ABC", display_name: "Phase ABC" };
}
