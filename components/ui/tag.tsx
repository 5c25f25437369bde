import type { ReactElement, ReactNode } from "react";
import s from "./tag.module.css";

type TagColor = "default" | "primary" | "secondary" | "success" | "warning" | "error" | "info";

/**
 * A small label (a state, a count, "Sandbox data"): MUI's small Chip as it looks, colours from the
 * theme's variables so it follows the colour scheme, without the Chip's code (clickable and
 * deletable chips, avatars, ripples: about 3.5 KiB gzip on every page that showed one) and in
 * plain CSS (tag.module.css), nothing worked out per render. Never interactive; its words are its
 * text. `icon` is a MUI icon, shown before the words and hidden from assistive technology.
 * `textInk`: the words and the icon in the text's colour, the colour on the border only (an orange
 * or amber reads about 2:1 as text on white); `strong`: bold words; `dense`: 22 px tall.
 */
export function Tag({
  label,
  color = "default",
  variant = "filled",
  icon,
  textInk = false,
  strong = false,
  dense = false,
}: {
  label: ReactNode;
  color?: TagColor;
  variant?: "filled" | "outlined";
  icon?: ReactElement;
  textInk?: boolean;
  strong?: boolean;
  dense?: boolean;
}) {
  const classes = [s.tag, s[variant], color === "default" ? s.default : `${s.coloured} ${s[color]}`];
  if (textInk) classes.push(s.ink);
  if (strong) classes.push(s.strong);
  if (dense) classes.push(s.dense);
  return (
    <span className={classes.join(" ")}>
      {icon && (
        <span aria-hidden className={s.icon}>
          {icon}
        </span>
      )}
      <span className={s.label}>{label}</span>
    </span>
  );
}
