"use client";
import { IntlProvider } from "use-intl";
import type { Catalog } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/shared/locale.mjs";

/**
 * The language and the messages for the client components below (components/i18n/messages.tsx
 * sends the parts of the catalog a page shows). Dates and times are written in the reader's own
 * time zone (components/ui/dates.ts), so use-intl is not given one.
 */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Partial<Catalog>; children: React.ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messages as Catalog} onError={onError}>
      {children}
    </IntlProvider>
  );
}

function onError(error: { code: string; message: string }) {
  // use-intl reports a time zone it was not given; the pages format dates themselves
  if (error.code === "ENVIRONMENT_FALLBACK") return;
  if (process.env.NODE_ENV !== "production") console.error(error.message);
}
