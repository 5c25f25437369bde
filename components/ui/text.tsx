"use client";
import { styled, type CSSObject, type SxProps, type Theme } from "@mui/material/styles";

type TextVariant = "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "subtitle1" | "subtitle2" | "body1" | "body2" | "caption" | "overline" | "inherit";
/** As Typography names them: a palette colour's main, or a text colour. */
type TextColor = "inherit" | "primary" | "secondary" | "error" | "warning" | "info" | "success" | "textPrimary" | "textSecondary" | "textDisabled";

/** The element a variant is written as, as MUI's Typography writes it (h1-h6, subtitles as h6, body as p, the rest span). */
const elementOf = (variant: TextVariant): React.ElementType =>
  variant[0] === "h" ? (variant as "h1") : variant.startsWith("sub") ? "h6" : variant.startsWith("body") || variant === "inherit" ? "p" : "span";

/** A colour's value: the palette's `text` entry for textPrimary and the like, else the colour's main. */
function colourOf(theme: Theme, color: TextColor): string | undefined {
  if (color === "inherit") return undefined;
  const palette = theme.vars.palette;
  if (color.startsWith("text")) return palette.text[(color.charAt(4).toLowerCase() + color.slice(5)) as "primary" | "secondary" | "disabled"];
  return palette[color as "primary"].main;
}

type Look = { variant: TextVariant; color: TextColor; noWrap: boolean; gutterBottom: boolean };

/**
 * Each variant's and colour's styles, made once per theme: MUI's Typography works out its thirty-odd
 * variants (each typography variant and palette colour) against its props on every render, on the
 * server for every request: 15-27 µs a text, where Text costs 3-5 (npm run bench:elements).
 */
const looks = new WeakMap<Theme, Map<string, CSSObject>>();
function lookOf(theme: Theme, { variant, color, noWrap, gutterBottom }: Look): CSSObject {
  let byKey = looks.get(theme);
  if (!byKey) looks.set(theme, (byKey = new Map()));
  const key = `${variant} ${color} ${noWrap} ${gutterBottom}`;
  let look = byKey.get(key);
  if (!look) {
    const colour = colourOf(theme, color);
    look = {
      margin: 0,
      // "inherit": the surrounding text's font (a <button>'s default font does not inherit)
      ...(variant === "inherit" ? { font: "inherit", lineHeight: "inherit", letterSpacing: "inherit" } : (theme.typography[variant] as CSSObject)),
      ...(colour && { color: colour }),
      ...(noWrap && { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }),
      ...(gutterBottom && { marginBottom: "0.35em" }),
    };
    byKey.set(key, look);
  }
  return look;
}

const OWN = new Set<PropertyKey>(["look", "sx", "as", "theme", "ownerState"]);
const Root = styled("p", { shouldForwardProp: (prop) => !OWN.has(prop) })<{ look: Look }>(({ theme, look }) => lookOf(theme, look));

/**
 * Text as MUI's Typography draws it (the theme's variant, a colour of the palette, `noWrap`,
 * `gutterBottom`), for the text of every page, rendered on every request and hydrated in the
 * browser: a styled element with its styles made once, instead of Typography's work on every
 * render. (MUI components keep their own Typography inside, e.g. ListItemText.)
 */
export function Text({
  variant = "body1",
  color = "inherit",
  noWrap = false,
  gutterBottom = false,
  component,
  ...props
}: {
  variant?: TextVariant;
  color?: TextColor;
  noWrap?: boolean;
  gutterBottom?: boolean;
  component?: React.ElementType;
  sx?: SxProps<Theme>;
  id?: string;
  className?: string;
  children?: React.ReactNode;
  /** for a link (`component` NextLink or "a") */
  href?: string;
} & Omit<React.HTMLAttributes<HTMLElement>, "color">) {
  return <Root as={component ?? elementOf(variant)} look={{ variant, color, noWrap, gutterBottom }} {...props} />;
}
