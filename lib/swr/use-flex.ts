"use client";
// Community events as the household sees them (docs/flexibility.md): Home's card, the
// /flexibility page, a choice and the automatic setting; the household's offers (the coming week's,
// or a week named by its Monday), sent one by one or all, and the send-each-week setting.
import { mutate } from "swr";
import type { FlexSettingsView, HouseholdEventView } from "@/lib/serializers/flex";
import type { HouseholdOffersView, OfferView } from "@/lib/serializers/flex-offers";
import { send } from "./fetcher";
import { FLEX_HOME_OPEN_URL, FLEX_HOME_PAST_URL, FLEX_OFFERS_URL, FLEX_OPEN_URL, FLEX_PAST_URL, FLEX_SETTINGS_URL } from "./keys";
import { retryServerErrors } from "./retry";
import { useApi } from "./use-api";

export type { FlexSettingsView, HouseholdEventView, HouseholdOffersView, OfferView };

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

/** The household's offers of the coming week, or of the week starting `week` (a Monday). */
export const useOffers = (week: string | null) => useApi<HouseholdOffersView>(week ? `${FLEX_OFFERS_URL}?week=${week}` : FLEX_OFFERS_URL, retryServerErrors);

/** POST /api/v1/flexibility/offers/send: these drafts, or every draft of the coming week. */
export async function sendOffers(ids?: number[]): Promise<HouseholdOffersView> {
  const view = await send<HouseholdOffersView>("POST", `${FLEX_OFFERS_URL}/send`, ids ? { ids } : {});
  await mutate(FLEX_OFFERS_URL, view, { revalidate: false });
  return view;
}

/** PATCH /api/v1/flexibility {auto_send_offers}: on, the coming week's drafts are sent at once. */
export async function saveAutoSend(on: boolean): Promise<FlexSettingsView> {
  const view = await send<FlexSettingsView>("PATCH", FLEX_SETTINGS_URL, { auto_send_offers: on });
  await mutate(FLEX_SETTINGS_URL, view, { revalidate: false });
  await mutate(FLEX_OFFERS_URL);
  return view;
}

/** PATCH /api/v1/flexibility/offers/{id} {power_w}: a draft's power per period; answers its week. */
export async function changeOffer(id: number, powerW: number[]): Promise<HouseholdOffersView> {
  const view = await send<HouseholdOffersView>("PATCH", `${FLEX_OFFERS_URL}/${id}`, { power_w: powerW });
  await mutate(FLEX_OFFERS_URL, view, { revalidate: false });
  return view;
}
