"use client";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import s from "./frame.module.css";

/**
 * Foyer's mark and name, linking home. `markOnNarrow`: the mark alone on a narrow phone (the
 * visitors' bar, which holds the language, the scheme, Log in and Sign up too); the link's name
 * stays "Foyer, home".
 */
export function Brand({ size = 32, markOnNarrow = false }: { size?: number; markOnNarrow?: boolean }) {
  const t = useTranslations("common.header");
  return (
    <NextLink href="/" aria-label={t("brand")} className={s.brand}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="14" fill="#1b6b4f" />
        <path d="M32 12 12 30h6v20h28V30h6z" fill="#fff" />
        <path d="M34 26 27 38h6l-3 10 9-14h-6l3-8z" fill="#f2a33a" />
      </svg>
      <span className={markOnNarrow ? `${s.brandName} ${s.markOnNarrow}` : s.brandName} style={{ fontSize: size * 0.66 }}>
        Foyer
      </span>
    </NextLink>
  );
}
