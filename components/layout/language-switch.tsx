"use client";
import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "use-intl";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { LOCALE_COOKIE, type Locale } from "@/lib/shared/locale.mjs";
import { PlainIcon } from "@/components/ui/plain-icon";
import b from "@/components/ui/button-reset.module.css";
import s from "./frame.module.css";

// MUI's Menu (and its Popover and Modal) loads the first time the menu opens, not with every page
const LanguageMenu = lazyWhenOpen(() => import("./language-menu").then((m) => m.LanguageMenu));

/** Each language named in itself, whatever the page's language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" };

/**
 * Remembers the reader's language for a year (the cookie the server reads: lib/i18n/server.ts) and
 * renders the page again in it, where the reader is, without a reload.
 */
export function useChooseLocale() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (locale: Locale) => {
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
    document.documentElement.lang = locale;
    startTransition(() => router.refresh());
  };
  return { choose, pending };
}

/** Material's TranslateOutlined icon */
const TRANSLATE_ICON = "m12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z";
const ICON_FROM = { xs: s.iconFromXs, sm: s.iconFromSm, xl: s.iconFromXl };

/**
 * The top bar's language menu: "EN" / "FR", each language offered in its own name. Its icon shows
 * from `iconFrom` up: `compact` (the visitors' and the back-office's bars) leaves it out on a phone;
 * the app's bar leaves it out until 1,536 px, where its links need the room.
 */
export function LanguageSwitch({ compact = false, iconFrom = compact ? "sm" : "xs" }: { compact?: boolean; iconFrom?: "xs" | "sm" | "xl" }) {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const { choose, pending } = useChooseLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  return (
    <>
      <button
        type="button"
        className={`${b.reset} ${s.textButton}`}
        id={buttonId}
        aria-label={t("choose", { current: LANGUAGE_NAMES[locale] })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        disabled={pending}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <span className={`${s.startIcon} ${ICON_FROM[iconFrom]}`}>
          <PlainIcon d={TRANSLATE_ICON} />
        </span>
        {locale.toUpperCase()}
      </button>
      <LanguageMenu
        id={menuId}
        buttonId={buttonId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onChoose={(l) => {
          setAnchor(null);
          if (l !== locale) choose(l);
        }}
      />
    </>
  );
}
