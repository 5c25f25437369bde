"use client";
import { useSyncExternalStore } from "react";
import IconButton from "@mui/material/IconButton";
import { styled, useColorScheme } from "@mui/material/styles";
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import { useTranslations } from "use-intl";

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

// The icon follows the scheme through CSS (the attribute InitColorSchemeScript puts on <html> before
// the first paint): the server's HTML is right for either scheme, with nothing to swap on hydration.
const SchemeButton = styled(IconButton)({
  "& .cs-sun": { display: "none" },
  "[data-dark] & .cs-sun": { display: "inline-block" },
  "[data-dark] & .cs-moon": { display: "none" },
}) as typeof IconButton;

/** The top bar's light / dark switch: a choice that outlasts the visit (My Account can go back to the system's). */
export function ColorSchemeSwitch() {
  const t = useTranslations("common.scheme");
  const { shown, setMode } = useShownScheme();
  const dark = shown === "dark";
  return (
    <SchemeButton role="switch" aria-label={t("dark")} aria-checked={dark} title={dark ? t("toLight") : t("toDark")} onClick={() => setMode(dark ? "light" : "dark")}>
      <DarkModeOutlined className="cs-moon" />
      <LightModeOutlined className="cs-sun" />
    </SchemeButton>
  );
}
