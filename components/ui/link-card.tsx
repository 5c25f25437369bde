import type { ReactNode } from "react";
import { NextLink } from "./next-link";
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
