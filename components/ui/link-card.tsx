import type { ReactNode } from "react";
import { NextLink } from "./next-link";
import { PlainIcon } from "./plain-icon";
import s from "./link-card.module.css";

/**
 * A card that is one link (Home's sections, its energy summary): MUI's outlined Card around a
 * CardActionArea as they look, its border in the primary colour on hover, a focus ring for the
 * keyboard, without their code. `label` names the link when its text alone would not;
 * `className` lays out its content (after the card's own class).
 */
export function LinkCard({ href, label, className, children }: { href: string; label?: string; className?: string; children: ReactNode }) {
  return (
    <NextLink href={href} aria-label={label} className={className ? `${s.card} ${className}` : s.card}>
      {children}
    </NextLink>
  );
}

// Material's ArrowForward (Apache 2.0, as @mui/icons-material ships it), drawn by PlainIcon
const ARROW_FORWARD_ICON = "m12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z";

/** What a LinkCard opens, with an arrow ("Open →"), hidden from assistive technology (the card's name says it). */
export function LinkCardHint({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div aria-hidden className={className ? `${s.hint} ${className}` : s.hint}>
      {children} <PlainIcon d={ARROW_FORWARD_ICON} />
    </div>
  );
}
