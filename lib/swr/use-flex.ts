"use client";
// Community events as the household sees them (docs/flexibility.md): Home's card, the
// /flexibility page, a choice and the automatic setting.
import { mutate } from "swr";
import type { FlexSettingsView, HouseholdEventView } from "@/lib/serializers/flex";
import { send } from "./fetcher";
import { FLEX_HOME_OPEN_URL, FLEX_HOME_PAST_URL, FLEX_OPEN_URL, FLEX_PAST_URL, FLEX_SETTINGS_URL } from "./keys";
import { retryServerErrors } from "./retry";
import { useApi } from "./use-api";

export type { FlexSettingsView, HouseholdEventView };


export const useHomeOpenEvents = () => useApi<HouseholdEventView[]>(FLEX_HOME_OPEN_URL, retryServerErrors);
export const useHomePastEvent = () => useApi<HouseholdEventView[]>(FLEX_HOME_PAST_URL, retryServerErrors);
export const useOpenEvents = () => useApi<HouseholdEventView[]>(FLEX_OPEN_URL, retryServerErrors);
export const usePastEvents = () => useApi<HouseholdEventView[]>(FLEX_PAST_URL, retryServerErrors);
export const useFlexSettings = () => useApi<FlexSettingsView>(FLEX_SETTINGS_URL, retryServerErrors);

const refreshLists = () => Promise.all([FLEX_HOME_OPEN_URL, FLEX_HOME_PAST_URL, FLEX_OPEN_URL, FLEX_PAST_URL].map((k) => mutate(k)));

/** PUT /api/v1/flexibility/events/{id}/choice. */
export async function chooseEvent(id: number, optedIn: boolean): Promise<HouseholdEventView> {
  const view = await send<HouseholdEventView>("PUT", `/api/v1/flexibility/events/${id}/choice`, { opted_in: optedIn });
  await refreshLists();
  return view;
}

/** PATCH /api/v1/flexibility {auto_opt_in}. */
export async function saveAutoOptIn(on: boolean): Promise<FlexSettingsView> {
  const view = await send<FlexSettingsView>("PATCH", FLEX_SETTINGS_URL, { auto_opt_in: on });
  await mutate(FLEX_SETTINGS_URL, view, { revalidate: false });
  await refreshLists();
  return view;
}
