import type { ReactNode } from "react";
import { NextLink } from "./next-link";
import { PlainIcon } from "./plain-icon";
import s from "./link-card.module.css";

/**
 * A card that is one link (Home's sections): MUI's outlined Card around a CardActionArea as they
 * look, its border in the primary colour on hover, a focus ring for the keyboard, without their
 * code. Its text is the link's name: for a card holding more than a name (figures), use
 * TitledLinkCard. `className` lays out its content (after the card's own class).
 */
export function LinkCard({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <NextLink href={href} className={className ? `${s.card} ${className}` : s.card}>
      {children}
    </NextLink>
  );
}

/**
 * A card that opens like a LinkCard, whose link is its title (CardTitleLink, stretched over the
 * whole card): the link's name is the words it shows, so voice control ("click My Energy") and
 * screen readers meet the same name (WCAG 2.5.3), and the card's figures are read as text, not as
 * one long link name (Home's energy summary).
 */
export function TitledLinkCard({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={`${s.card} ${s.titled}${className ? ` ${className}` : ""}`}>{children}</div>;
}

/** A TitledLinkCard's title link: its area covers the card. */
export function CardTitleLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <NextLink href={href} className={s.stretch}>
      {children}
    </NextLink>
  );
}

// Material's ArrowForward (Apache 2.0, as @mui/icons-material ships it), drawn by PlainIcon
const ARROW_FORWARD_ICON = "m12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z";

/** What a LinkCard opens, with an arrow ("Open →"), hidden from assistive technology (the card's link says it). */
export function LinkCardHint({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div aria-hidden className={className ? `${s.hint} ${className}` : s.hint}>
      {children} <PlainIcon d={ARROW_FORWARD_ICON} />
    </div>
  );
}
