"use client";
import { useSyncExternalStore } from "react";
import { useColorScheme } from "@mui/material/styles";
import { useTranslations } from "use-intl";
import { FrameIcon } from "./frame-icon";
import s from "./frame.module.css";

const subscribe = () => () => {};
/** false in the server's render and the hydration that matches it, true afterwards */
const useMounted = () => useSyncExternalStore(subscribe, () => true, () => false);

/** The scheme shown: the household's choice, else the system's (light when it states none). */
export function useShownScheme() {
  const { mode, systemMode, setMode } = useColorScheme();
  const mounted = useMounted();
  const shown = !mounted || !mode ? undefined : mode === "system" ? (systemMode ?? "light") : mode;
  return { mode: mounted ? mode : undefined, shown, setMode };
}

/**
 * The top bar's light / dark switch: a choice that outlasts the visit (My Account can go back to the
 * system's). Its icon follows the scheme through CSS (the attribute InitColorSchemeScript puts on
 * <html> before the first paint): the server's HTML is right for either scheme, nothing to swap.
 */
export function ColorSchemeSwitch() {
  const t = useTranslations("common.scheme");
  const { shown, setMode } = useShownScheme();
  const dark = shown === "dark";
  return (
    <button type="button" className={s.iconButton} role="switch" aria-label={t("dark")} aria-checked={dark} title={dark ? t("toLight") : t("toDark")} onClick={() => setMode(dark ? "light" : "dark")}>
      <FrameIcon name="darkMode" className={s.moon} />
      <FrameIcon name="lightMode" className={s.sun} />
    </button>
  );
}
