"use client";
import { useSyncExternalStore } from "react";
import IconButton from "@mui/material/IconButton";
import { useColorScheme } from "@mui/material/styles";
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import { useTranslations } from "use-intl";
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
 * Unlike the rest of the frame it stays MUI's IconButton and icons: every page uses them, and the
 * frame is what keeps their code in the script all pages share (without it, each page's own
 * scripts carried a copy: household Home 2.5 KiB more, bench:pages, 29 Nov).
 */
export function ColorSchemeSwitch() {
  const t = useTranslations("common.scheme");
  const { shown, setMode } = useShownScheme();
  const dark = shown === "dark";
  return (
    <IconButton className={s.schemeSwitch} role="switch" aria-label={t("dark")} aria-checked={dark} title={dark ? t("toLight") : t("toDark")} onClick={() => setMode(dark ? "light" : "dark")}>
      <DarkModeOutlined className={s.moon} />
      <LightModeOutlined className={s.sun} />
    </IconButton>
  );
}
