// Months' and weekdays' names in our two languages, written as Intl writes them (the short French
// months are components/ui/dates.ts SHORT_MONTHS), held here rather than asked of Intl: a page's
// first formatter costs 25-50 ms of ICU set-up. tests/unit/schedule-text.test.ts and
// tests/unit/flex-day-text.test.ts check them against Intl.
import type { Locale } from "@/lib/shared/locale.mjs";

/** Months' names, 0 = January. */
export const LONG_MONTHS: Record<Locale, readonly string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
};

/** Weekdays' names, 0 = Monday (as the schedules count days). */
export const LONG_DAYS: Record<Locale, readonly string[]> = {
  en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  fr: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
};
