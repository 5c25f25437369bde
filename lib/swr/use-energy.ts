"use client";
// My Energy's data: the answers of docs/my-energy.md as the view reads them, and their SWR hooks.
import { mutate } from "swr";
import type { TariffOption } from "@/lib/energy/tariff";
import { send, type FetchError } from "./fetcher";
import { retryServerErrors } from "./retry";
import { METERS_URL } from "./use-meters";

export type { Bucket, CompareKind } from "@/lib/validation/energy";
import type { Bucket, CompareKind } from "@/lib/validation/energy";
// the answers' types come from the API's service (type-only imports: no server code reaches the browser)
import type { CostReason } from "@/lib/serializers/energy";
import type { EnergyAnswer } from "@/lib/services/energy/meter-energy";
import type { energySummary } from "@/lib/services/energy/summary";
import type { tariffComparison } from "@/lib/services/energy/tariff-comparison";
import { useApi } from "./use-api";
import { ENERGY_SUMMARY_URL } from "./keys";
export type { EnergyAnswer };

export type PartialReason = CostReason;
export type PowerDay = EnergyAnswer["max_power"]["days"][number];
export type CarbonHour = EnergyAnswer["carbon"]["cleanest_hours"][number];
export type GridHour = EnergyAnswer["carbon"]["grid_cleanest_hours"][number];
export type TariffComparison = Awaited<ReturnType<typeof tariffComparison>>;
export type EnergySummary = Awaited<ReturnType<typeof energySummary>>;

export type OffpeakRange = { from: string; to: string };
export type TariffSettings = { tariff: TariffOption; subscribed_kva: number; offpeak?: { valid_from?: string; ranges: OffpeakRange[] } };

export type EnergyQuery = { from: string; to: string; bucket: "auto" | Bucket; compare: CompareKind; maxPoints: number };

const energyUrl = (meterId: number, q: EnergyQuery) =>
  `${METERS_URL}/${meterId}/energy?${new URLSearchParams({ from: q.from, to: q.to, bucket: q.bucket, compare: q.compare, max_points: String(q.maxPoints) })}`;

/** GET /api/v1/meters/{id}/energy; `null` waits (no meter chosen, width not measured yet). */
export function useEnergy(meterId: number | null, query: EnergyQuery | null) {
  return useApi<EnergyAnswer, FetchError>(meterId !== null && query ? energyUrl(meterId, query) : null, {
    ...retryServerErrors,
    // the previous period's chart stays while the next one loads (skeleton only on the first load)
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** GET /api/v1/meters/{id}/tariff-comparison: the last 12 months under Base, HP/HC and Tempo. */
export function useTariffComparison(meterId: number | null) {
  return useApi<TariffComparison, FetchError>(meterId !== null ? `${METERS_URL}/${meterId}/tariff-comparison` : null, { ...retryServerErrors, revalidateOnFocus: false });
}


/** GET /api/v1/energy/summary: Home's card. */
export function useEnergySummary() {
  return useApi<EnergySummary, FetchError>(ENERGY_SUMMARY_URL, { ...retryServerErrors, revalidateOnFocus: false });
}

/** PATCH /api/v1/meters/{id}: the household's tariff settings; every energy answer of the meter is then stale. */
export async function saveTariffSettings(meterId: number, settings: TariffSettings) {
  await send("PATCH", `${METERS_URL}/${meterId}`, settings);
  const prefix = `${METERS_URL}/${meterId}/`;
  await mutate((key) => typeof key === "string" && (key === METERS_URL || key.startsWith(prefix) || key === ENERGY_SUMMARY_URL));
}
