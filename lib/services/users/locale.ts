// The language a household reads Foyer in, kept for what is sent to it without a request (a
// community event's invitation: lib/services/flex/invitations.ts). Written when Home is seen in
// another language than the one stored; each process remembers what it wrote, so an unchanged
// language costs no query.
import { db } from "@/lib/db";
import { logError } from "@/lib/log";
import { BoundedMap } from "@/lib/server/bounded-map";
import type { Locale } from "@/lib/shared/locale.mjs";

const written = new BoundedMap<number, Locale>(10_000);

export async function rememberLocale(userId: number, locale: Locale): Promise<void> {
  if (written.get(userId) === locale) return;
  try {
    await db.$executeRaw`UPDATE users SET locale = ${locale} WHERE id = ${userId} AND locale IS DISTINCT FROM ${locale}`;
    written.set(userId, locale);
  } catch (err) {
    // the page does not wait for it, nor fail for it
    logError("the household's language could not be stored", err, {}, "warn");
  }
}
