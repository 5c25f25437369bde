"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { Brand } from "./brand";
import { ColorSchemeSwitch } from "./color-scheme-switch";
import { LanguageSwitch } from "./language-switch";
import s from "./frame.module.css";

/**
 * The top bar for visitors: Home, Log in and Sign up, the language and the colour scheme. On a
 * phone, the brand is the way home (it links there) and the buttons are tighter: the bar holds
 * "Se connecter" and "S'inscrire" within 360 px (the brand is its mark alone below 430 px). Plain
 * elements with the frame's stylesheet, drawn as MUI drew its AppBar, Toolbar and Buttons
 * (docs/performance.md, "The pages in plain CSS").
 */
export function PublicHeader() {
  const t = useTranslations("common.nav");
  const path = usePathname() ?? "/";
  const current = (href: string) => (path === href ? "page" : undefined);
  return (
    <header className={s.bar}>
      <div className={s.barWidth}>
        <div className={`${s.toolbar} ${s.publicToolbar}`}>
          <Brand markOnNarrow />
          <div className={s.spacer} />
          <LanguageSwitch compact />
          <ColorSchemeSwitch />
          <nav aria-label={t("main")} className={s.publicNav}>
            <Link href="/" aria-current={current("/")} className={`${s.publicLink} ${s.homeLink}`}>
              {t("home")}
            </Link>
            <Link href="/login" aria-current={current("/login")} className={s.publicLink}>
              {t("login")}
            </Link>
            <Link href="/signup" aria-current={current("/signup")} className={s.signupLink}>
              {t("signup")}
            </Link>
          </nav>
        </div>
      </div>
    </header>
  );
}
