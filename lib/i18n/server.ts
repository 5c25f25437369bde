// The page's language on the server: read once per request (React's cache), from the language
// cookie, else the browser's Accept-Language (scripts/lib/locale.mjs, the rule the page cache uses).
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createTranslator } from "use-intl/core";
import { LOCALE_COOKIE, cookieValue, pickLocale } from "@/scripts/lib/locale.mjs";
import { CATALOGS, type Locale, type Namespace } from "./messages";

export const getLocale = cache(async (): Promise<Locale> => {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  return pickLocale({ chosen: jar.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get("accept-language") });
});

/** A translator of one part of the catalog, in the request's language (server components, metadata). */
export async function getT<NS extends Namespace>(namespace: NS, locale?: Locale) {
  const lang = locale ?? (await getLocale());
  return createTranslator({ locale: lang, messages: CATALOGS[lang], namespace });
}

/** A request's language outside React (route handlers: the recovery e-mail), from its headers. */
export function requestLocale(request: Request): Locale {
  return pickLocale({ chosen: cookieValue(request.headers.get("cookie"), LOCALE_COOKIE), acceptLanguage: request.headers.get("accept-language") });
}
