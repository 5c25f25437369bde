"use client";
import { useMemo } from "react";
import type { ScheduleView } from "@/lib/serializers/schedule";
import type { ScheduleData } from "@/lib/validation/schedule";
import { send, type FetchError } from "./fetcher";
import { useApi } from "./use-api";
import { SCHEDULE_OWNERS_URL, SCHEDULES_URL } from "./keys";


/** The caller's schedules (an admin's list holds every user's), with SWR's error and isLoading. */
export function useSchedules() {
  const { data, error, isLoading, isValidating, mutate } = useApi<ScheduleView[], FetchError>(SCHEDULES_URL);
  return { schedules: data, error, isLoading, isValidating, mutate };
}

/**
 * The e-mail of each schedule's owner, for an admin looking at everyone's schedules (`enabled`
 * false for anyone else: nothing is fetched). Until it loads, or if it fails, the map is empty.
 */
export function useScheduleOwners(enabled: boolean): Map<number, string> {
  const { data } = useApi<{ id: number; email: string }[], FetchError>(enabled ? SCHEDULE_OWNERS_URL : null);
  return useMemo(() => new Map((data ?? []).map((u) => [u.id, u.email])), [data]);
}

/** POST /api/v1/schedules/manual_weekahead */
export const createSchedule = (data: ScheduleData) => send<ScheduleView>("POST", `${SCHEDULES_URL}/manual_weekahead`, data);

/** PUT /api/v1/schedules/{id} */
export const updateSchedule = (id: number, data: ScheduleData) => send<ScheduleView>("PUT", `${SCHEDULES_URL}/${id}`, data);

/** DELETE /api/v1/schedules/{id} */
export const deleteSchedule = (id: number) => send<void>("DELETE", `${SCHEDULES_URL}/${id}`);
