"use client";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import type { CSSObject } from "@mui/material/styles";

type TextVariant = "h1" | "h2" | "h3" | "body1" | "body2" | "caption" | "inherit";
/** As Typography names them: a palette colour's main, or a text colour. */
type TextColor = "inherit" | "primary" | "textPrimary" | "textSecondary";

/** The element each variant is written as, as MUI's Typography writes it. */
const ELEMENT: Record<TextVariant, "h1" | "h2" | "h3" | "p" | "span"> = { h1: "h1", h2: "h2", h3: "h3", body1: "p", body2: "p", caption: "span", inherit: "p" };

type Look = { variant: TextVariant; color: TextColor; noWrap: boolean };

/**
 * Each variant's and colour's styles, made once per theme: MUI's Typography works out its thirty-odd
 * variants (each typography variant and palette colour) against its props on every render, on the
 * server for every request, about 40 µs a text where this is a lookup.
 */
const looks = new WeakMap<Theme, Map<string, CSSObject>>();
function lookOf(theme: Theme, { variant, color, noWrap }: Look): CSSObject {
  let byKey = looks.get(theme);
  if (!byKey) looks.set(theme, (byKey = new Map()));
  const key = `${variant} ${color} ${noWrap}`;
  let look = byKey.get(key);
  if (!look) {
    const palette = theme.vars.palette;
    look = {
      margin: 0,
      // "inherit": the surrounding text's font (a <button>'s default font does not inherit)
      ...(variant === "inherit" ? { font: "inherit", lineHeight: "inherit", letterSpacing: "inherit" } : (theme.typography[variant] as CSSObject)),
      ...(color === "primary" && { color: palette.primary.main }),
      ...(color === "textPrimary" && { color: palette.text.primary }),
      ...(color === "textSecondary" && { color: palette.text.secondary }),
      ...(noWrap && { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }),
    };
    byKey.set(key, look);
  }
  return look;
}

const OWN = new Set<PropertyKey>(["look", "sx", "as", "theme", "ownerState"]);
const Root = styled("p", { shouldForwardProp: (prop) => !OWN.has(prop) })<{ look: Look }>(({ theme, look }) => lookOf(theme, look));

/**
 * Text as MUI's Typography draws it (the theme's variant, a colour of the palette, `noWrap`), for
 * the text of the frame and of long lists, rendered on every request: a styled element with its
 * styles made once, instead of Typography's work on every render. Typography stays for the rest.
 */
export function Text({
  variant = "body1",
  color = "inherit",
  noWrap = false,
  component,
  ...props
}: {
  variant?: TextVariant;
  color?: TextColor;
  noWrap?: boolean;
  component?: React.ElementType;
  sx?: SxProps<Theme>;
  id?: string;
  className?: string;
  children?: React.ReactNode;
  /** for a link (`component` NextLink or "a") */
  href?: string;
} & Omit<React.HTMLAttributes<HTMLElement>, "color">) {
  return <Root as={component ?? ELEMENT[variant]} look={{ variant, color, noWrap }} {...props} />;
}
