// The language a page is written in, for the app (lib/i18n) and the custom server's page cache
// (server/page-cache.ts), which keeps one copy of each visitor's page per language: the one
// the reader chose (the cookie, set by the language switch), else the first of the browser's
// languages (Accept-Language, in order of preference) that Foyer speaks, else English.

export const LOCALES = /** @type {const} */ (["en", "fr"]);
const DEFAULT_LOCALE = "en";
/** The chosen language, remembered for a year (the switch in the header and in My Account). */
export const LOCALE_COOKIE = "foyer-locale";

/** @typedef {typeof LOCALES[number]} Locale */

/** @param {unknown} value @returns {value is Locale} */
export const isLocale = (value) => typeof value === "string" && /** @type {readonly string[]} */ (LOCALES).includes(value);

/**
 * The first language of an Accept-Language header that Foyer speaks ("fr-CH;q=0.9, en;q=0.8" → fr),
 * by quality then by order; a `q=0` language is refused, not chosen.
 * @param {string | null | undefined} header
 * @returns {Locale | undefined}
 */
export function fromAcceptLanguage(header) {
  if (!header) return undefined;
  const ranges = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.trim().toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((r) => r.primary).find(isLocale);
}

/**
 * The value of one cookie in a Cookie header.
 * @param {string | null | undefined} header
 * @param {string} name
 */
export function cookieValue(header, name) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * The page's language: the chosen one (the cookie's value), else the browser's, else English.
 * @param {{ chosen?: string | null, acceptLanguage?: string | null }} request
 * @returns {Locale}
 */
export function pickLocale({ chosen, acceptLanguage }) {
  if (isLocale(chosen)) return chosen;
  return fromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
