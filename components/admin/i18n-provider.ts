"use client";
// react-admin's texts in the page's language. The language is the app's (the cookie, else the
// browser's: lib/i18n/server.ts), handed down by use-intl's provider: react-admin keeps no choice
// of its own (nothing here writes its store's "locale"). Its own words are ra-language-english /
// ra-language-french; Foyer's resource names and automatic field labels come from the catalog's
// "admin.resources" (messages/<locale>/admin.json: plain words, no placeholders), the rest of
// Foyer's back-office words are read with useTranslations("admin").
import { useMemo } from "react";
import { useLocale, useMessages } from "use-intl";
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import frenchMessages from "ra-language-french";
import type { I18nProvider, TranslationMessages } from "react-admin";
import type { Catalog } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/shared/locale.mjs";

const REACT_ADMIN: Record<Locale, TranslationMessages> = { en: englishMessages, fr: frenchMessages };

/** The catalog's resources as react-admin reads them: a name's singular and plural as polyglot's "User |||| Users". */
const resourceMessages = (resources: Catalog["admin"]["resources"]) =>
  Object.fromEntries(Object.entries(resources).map(([name, r]) => [name, { name: `${r.one} |||| ${r.other}`, fields: r.fields }]));

/**
 * The back-office's i18nProvider, a new one when the language changes (the language menu renders the
 * page again in it, and admin-app.tsx the back-office anew).
 */
export function useAdminI18nProvider(): I18nProvider {
  const locale = useLocale();
  const resources = useMessages().admin.resources;
  return useMemo(
    () =>
      // one language offered: the app's bar chooses it (react-admin's own menu stays out)
      polyglotI18nProvider(() => ({ ...REACT_ADMIN[locale], resources: resourceMessages(resources) }), locale, [{ locale, name: locale }], { allowMissing: true }),
    [locale, resources],
  );
}
