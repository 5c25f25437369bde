"use client";
import { useTranslations } from "use-intl";
import s from "./frame.module.css";

/** The first stop of the Tab key: jumps over the navigation to the page's content. */
export function SkipLink() {
  const t = useTranslations("common.header");
  return (
    <a href="#main" className={s.skip}>
      {t("skip")}
    </a>
  );
}
