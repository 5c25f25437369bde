"use client";
import { createContext, useCallback, useContext, useMemo } from "react";
import { createTranslator } from "use-intl";
import { apiTextMatcher, translateApiText, type ApiTextTable, type ErrorTranslator } from "@/lib/i18n/api-text";
import type { Catalog } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/shared/locale.mjs";
import { errorMessage } from "@/lib/swr/fetcher";

/** An API text (a `detail`, a shared schema's field message) in the page's language. */
export type ApiText = (text: string) => string;

const ApiTextContext = createContext<ApiText | null>(null);

/**
 * The API's texts in `locale`, for the client components below: the table of lib/i18n/api-texts.ts
 * and the `errors` part of the catalog, which a server component sends with a page in another
 * language than English (components/i18n/messages.tsx, the root layout's). Without it (English),
 * the texts are shown as they come.
 */
export function ApiTextsProvider({ locale, table, messages, children }: { locale: Locale; table: ApiTextTable; messages: Catalog["errors"]; children: React.ReactNode }) {
  const text = useMemo<ApiText>(() => {
    const match = apiTextMatcher(table);
    const t = createTranslator({ locale, messages: { errors: messages } as Catalog, namespace: "errors", onError }) as unknown as ErrorTranslator;
    return (s) => translateApiText(s, match, t);
  }, [locale, table, messages]);
  return <ApiTextContext.Provider value={text}>{children}</ApiTextContext.Provider>;
}

function onError(error: { code: string; message: string }) {
  if (error.code === "ENVIRONMENT_FALLBACK") return;
  if (process.env.NODE_ENV !== "production") console.error(error.message);
}

const asItCame: ApiText = (s) => s;

/**
 * The one way a client component says an API text: `text(form.serverError)`, a field's message,
 * a toast's. "Incorrect username or password" → « E-mail ou mot de passe incorrect » on a French
 * page; the same text on an English one; a text the table does not know, as it came.
 */
export function useApiText(): ApiText {
  return useContext(ApiTextContext) ?? asItCame;
}

/** errorMessage (lib/swr/fetcher) in the page's language: `failure(err)`, `failure(err, t("askFailed"))`. */
export function useErrorMessage(): (err: unknown, fallback?: string) => string {
  const text = useApiText();
  return useCallback((err: unknown, fallback?: string) => text(errorMessage(err, fallback)), [text]);
}
