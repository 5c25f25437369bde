// The schedules page's words for schedule-text.ts, in the page's language (messages/<locale>/schedules.json).
import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { ScheduleWords } from "./schedule-text";

type TextKey = "allYear" | "noMonths" | "everyDay" | "noDays" | "allDay" | "noHours" | "part" | "summary" | "summaryPart";

/** The words from a translator of "schedules.text" (use-intl's, or createTranslator's in a test). */
export function scheduleWords(t: (key: TextKey, values?: Record<string, string | number>) => string, locale: Locale): ScheduleWords {
  return {
    locale,
    allYear: t("allYear"),
    noMonths: t("noMonths"),
    everyDay: t("everyDay"),
    noDays: t("noDays"),
    allDay: t("allDay"),
    noHours: t("noHours"),
    part: (n) => t("part", { n: String(n) }),
    summary: ({ label, months, days, hours, power }) => (label ? t("summaryPart", { label, months, days, hours, power }) : t("summary", { months, days, hours, power })),
  };
}

export function useScheduleWords(): ScheduleWords {
  const t = useTranslations("schedules.text");
  const locale = useLocale();
  return useMemo(() => scheduleWords(t, locale), [t, locale]);
}
