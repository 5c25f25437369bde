// An event's day in words, for the invitation e-mail (the server) and the event cards (the browser):
// kept apart from lib/flex/events.ts so that Home's card brings no baseline code along.
/** An event's Paris day in words, as the e-mail and the pages write it: "Tuesday 24 November 2026", "mardi 24 novembre 2026". */
export function eventDayText(day: string, locale: "en" | "fr"): string {
  return new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(`${day}T12:00:00Z`));
}
