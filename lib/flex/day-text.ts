// An event's day in words, for the invitation e-mail (the server) and the event cards (the browser):
// kept apart from lib/flex/events.ts so that Home's card brings no baseline code along. Written
// from tables, as Intl writes it with Node 20's and Chromium's ICU (tests/unit/flex-day-text.test.ts
// compares them day by day): a page's first Intl formatter costs the browser 25-50 ms of ICU's
// set-up (docs/performance.md, "JavaScript per page"), and the server a new formatter per call.

const WEEKDAYS = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  fr: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
};
const MONTHS = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
};

/** An event's Paris day (`YYYY-MM-DD`) in words, as the e-mail and the pages write it: "Tuesday, 24 November 2026", "mardi 24 novembre 2026". */
export function eventDayText(day: string, locale: "en" | "fr"): string {
  const [y, m, d] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[locale][weekday]}${locale === "en" ? "," : ""} ${d} ${MONTHS[locale][m - 1]} ${y}`;
}
