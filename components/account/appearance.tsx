"use client";
import { useLocale, useTranslations } from "use-intl";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { useShownScheme } from "@/components/layout/color-scheme-switch";
import { LANGUAGE_NAMES, useChooseLocale } from "@/components/layout/language-switch";
import { LOCALES, type Locale } from "@/lib/shared/locale.mjs";

/** My Account's appearance: the system's colour scheme, light or dark (the top bar's switch picks light or dark). */
export function AppearanceSelect() {
  const t = useTranslations("account.appearance");
  const { mode, setMode } = useShownScheme();
  return (
    <NativeSelectField
      label={t("label")}
      value={mode ?? "system"}
      disabled={!mode}
      onChange={(e) => setMode(e.target.value as "system" | "light" | "dark")}
      helperText={t("helper")}
      fullWidth
    >
      <option value="system">{t("system")}</option>
      <option value="light">{t("light")}</option>
      <option value="dark">{t("dark")}</option>
    </NativeSelectField>
  );
}

/** My Account's language (the top bar's menu chooses it too), each language in its own name. */
export function LanguageSelect() {
  const t = useTranslations("account.language");
  const locale = useLocale();
  const { choose, pending } = useChooseLocale();
  return (
    <NativeSelectField label={t("label")} value={locale} disabled={pending} onChange={(e) => choose(e.target.value as Locale)} helperText={t("helper")} fullWidth>
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </NativeSelectField>
  );
}
