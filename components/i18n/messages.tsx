import { getLocale } from "@/lib/i18n/server";
import { CATALOGS, pickMessages, type Part } from "@/lib/i18n/messages";
import { API_TEXTS } from "@/lib/i18n/api-texts";
import { I18nProvider } from "./intl-provider";
import { ApiTextsProvider } from "./api-texts";

/**
 * The messages of some parts of the catalog for the client components inside, in the request's
 * language: the shell's ("common") always, and the page's own (`parts`: namespaces, or groups of
 * one, lib/i18n/messages.ts). Only these travel with the page, not the whole catalog. `apiTexts`
 * (the root layout's, once for every page): the API's English texts and their messages
 * (lib/i18n/api-texts.ts), sent only with a page in another language, where useApiText says them
 * in it.
 */
export async function Messages({ parts = [], apiTexts = false, children }: { parts?: readonly Part[]; apiTexts?: boolean; children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <I18nProvider locale={locale} messages={pickMessages(locale, ["common", ...parts.filter((p) => p !== "common")])}>
      {apiTexts && locale !== "en" ? (
        <ApiTextsProvider locale={locale} table={API_TEXTS} messages={CATALOGS[locale].errors}>
          {children}
        </ApiTextsProvider>
      ) : (
        children
      )}
    </I18nProvider>
  );
}
