// The page's language on the server: read once per request (React's cache), from the language
// cookie, else the browser's Accept-Language (lib/shared/locale.mjs, the rule the page cache uses).
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createTranslator } from "use-intl/core";
import { LOCALE_COOKIE, cookieValue, pickLocale, type Locale } from "@/lib/shared/locale.mjs";
import { CATALOGS, type Namespace } from "./messages";

export const getLocale = cache(async (): Promise<Locale> => {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  return pickLocale({ chosen: jar.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get("accept-language") });
});

const translator = <NS extends Namespace>(locale: Locale, namespace: NS) => createTranslator({ locale, messages: CATALOGS[locale], namespace });
/** One translator per language and part, made once per process: each holds the messages it has compiled (25-50 µs to make one). */
const translators = new Map<string, unknown>();

/** A translator of one part of the catalog, in the request's language (server components, metadata). */
export async function getT<NS extends Namespace>(namespace: NS, locale?: Locale): Promise<ReturnType<typeof translator<NS>>> {
  const lang = locale ?? (await getLocale());
  const key = `${lang}:${namespace}`;
  let t = translators.get(key) as ReturnType<typeof translator<NS>> | undefined;
  if (!t) translators.set(key, (t = translator(lang, namespace)));
  return t;
}

/** A request's language outside React (route handlers: the recovery e-mail), from its headers. */
export function requestLocale(request: Request): Locale {
  return pickLocale({ chosen: cookieValue(request.headers.get("cookie"), LOCALE_COOKIE), acceptLanguage: request.headers.get("accept-language") });
}
