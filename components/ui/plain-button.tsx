import type { ComponentProps, ReactNode } from "react";
import { NextLink } from "./next-link";
import { PlainIcon } from "./plain-icon";
import b from "./button-reset.module.css";
import s from "./button.module.css";

/** One of MUI's Button looks, as the theme draws it (components/ui/button.module.css). */
type Look = {
  variant?: "text" | "outlined" | "contained";
  color?: "primary" | "error";
  size?: "small" | "medium" | "large";
  /** the path of a Material icon before the label (components/ui/icon-paths.ts) */
  startIcon?: string | readonly string[];
};

function lookClass({ variant = "text", color = "primary", size = "medium" }: Look, className: string | undefined) {
  return [b.reset, s.button, variant !== "text" && s[variant], color !== "primary" && s[color], size !== "medium" && s[size], className].filter(Boolean).join(" ");
}

function Label({ startIcon, children }: { startIcon: Look["startIcon"]; children: ReactNode }) {
  return (
    <>
      {startIcon && (
        <span className={s.startIcon}>
          <PlainIcon d={startIcon} />
        </span>
      )}
      {children}
    </>
  );
}

/**
 * A button drawn as MUI's Button (the same element, box, colours, hover and disabled state; a focus
 * ring where ButtonBase pulsed a ripple), from a stylesheet: on the server an MUI Button costs
 * 80-110 µs of CPU per render (its CSS worked out, serialised and hashed), this a plain element's
 * few (docs/performance.md). For the buttons a list page renders on every view; MUI's stays where
 * its behaviour is the point (menus, dialogs, forms' submit with its progress).
 */
export function PlainButton({ variant, color, size, startIcon, className, type = "button", children, ...props }: Look & ComponentProps<"button">) {
  return (
    <button type={type} className={lookClass({ variant, color, size }, className)} {...props}>
      <Label startIcon={startIcon}>{children}</Label>
    </button>
  );
}

/** A link to one of the site's pages drawn as MUI's Button (`<Button component={NextLink}>`), as PlainButton. */
export function PlainLinkButton({ variant, color, size, startIcon, className, children, ...props }: Look & ComponentProps<typeof NextLink>) {
  return (
    <NextLink className={lookClass({ variant, color, size }, className)} {...props}>
      <Label startIcon={startIcon}>{children}</Label>
    </NextLink>
  );
}
