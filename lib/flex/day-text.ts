// An event's day in words, for the invitation e-mail (the server) and the event cards (the browser):
// kept apart from lib/flex/events.ts so that Home's card brings no baseline code along. Written
// from the names' tables (lib/i18n/calendar-names.ts), as Intl writes it with Node 20's and
// Chromium's ICU (tests/unit/flex-day-text.test.ts compares them day by day): a page's first Intl
// formatter costs the browser 25-50 ms of ICU's set-up, and the server a new formatter per call.
import { LONG_DAYS, LONG_MONTHS } from "@/lib/i18n/calendar-names";

/** An event's Paris day (`YYYY-MM-DD`) in words, as the e-mail and the pages write it: "Tuesday, 24 November 2026", "mardi 24 novembre 2026". */
export function eventDayText(day: string, locale: "en" | "fr"): string {
  const [y, m, d] = day.split("-").map(Number);
  const monday0 = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return `${LONG_DAYS[locale][monday0]}${locale === "en" ? "," : ""} ${d} ${LONG_MONTHS[locale][m - 1]} ${y}`;
}
