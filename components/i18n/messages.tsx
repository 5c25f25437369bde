import { getLocale } from "@/lib/i18n/server";
import { pickMessages, type Namespace } from "@/lib/i18n/messages";
import { I18nProvider } from "./intl-provider";

/**
 * The messages of some parts of the catalog for the client components inside, in the request's
 * language: the shell's ("common") always, and the page's own (`parts`). Only these travel with the
 * page, not the whole catalog.
 */
export async function Messages({ parts = [], children }: { parts?: readonly Namespace[]; children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <I18nProvider locale={locale} messages={pickMessages(locale, ["common", ...parts.filter((p) => p !== "common")])}>
      {children}
    </I18nProvider>
  );
}
