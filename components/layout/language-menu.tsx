"use client";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useLocale } from "use-intl";
import { LOCALES, type Locale } from "@/lib/shared/locale.mjs";
import { LANGUAGE_NAMES } from "./language-switch";

/** The language switch's menu, each language in its own name (its code loads when it first opens). */
export function LanguageMenu({
  id,
  buttonId,
  anchorEl,
  open,
  onClose,
  onChoose,
}: {
  id: string;
  /** the button that opens it, which names its list */
  buttonId: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  onChoose: (locale: Locale) => void;
}) {
  const locale = useLocale();
  return (
    <Menu id={id} anchorEl={anchorEl} open={open} onClose={onClose} slotProps={{ list: { "aria-labelledby": buttonId } }}>
      {LOCALES.map((l) => (
        <MenuItem key={l} lang={l} selected={l === locale} aria-current={l === locale ? "true" : undefined} onClick={() => onChoose(l)}>
          {LANGUAGE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
