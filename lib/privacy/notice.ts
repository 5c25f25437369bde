// The privacy notice's and policy's version (no server imports: the notice and the pages show it).
import type { Locale } from "@/lib/shared/locale.mjs";

/**
 * Bump `version` (and `date`) whenever the notice or the policy promises something new: every user
 * who accepted an older version sees the notice once more, and `accepted_tos` reads false for
 * them until they accept again.
 */
export const PRIVACY_NOTICE = {
  version: 2,
  /** the day this version took effect, as shown to the user */
  date: "23 November 2026",
  /** what changed since the previous version, shown above the notice to those who accepted it */
  changes: "Export and deletion are now self-service: download your history and delete your account yourself in My Account.",
} as const;

/** Whether a user's stored acceptance covers the current notice (the API's `accepted_tos`). */
export const acceptedCurrentNotice = (u: { acceptedTos: boolean; tosVersion: number | null }) =>
  u.acceptedTos && (u.tosVersion ?? 0) >= PRIVACY_NOTICE.version;

/**
 * The day the privacy notice's version took effect, in the reader's language: English as the
 * notice writes it ("23 November 2026"), French "23 novembre 2026" (the home's notice, the policy).
 */
export function noticeDateText(locale: Locale, date: string = PRIVACY_NOTICE.date): string {
  if (locale === "en") return date;
  const day = new Date(`${date} 12:00 UTC`);
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(day);
}
