import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import type { Locale } from "@/scripts/lib/locale.mjs";

/**
 * The day the privacy notice's version took effect, in the reader's language: English as the
 * notice writes it ("23 November 2026"), French "23 novembre 2026".
 */
export function noticeDateText(locale: Locale, date: string = PRIVACY_NOTICE.date): string {
  if (locale === "en") return date;
  const day = new Date(`${date} 12:00 UTC`);
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(day);
}
