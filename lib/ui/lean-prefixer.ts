import type { StylisElement, StylisPlugin } from "@emotion/cache";

/*
 * emotion's default stylis plugin (`prefixer`) writes the vendor prefixes of 2015: every `display:flex`
 * becomes four declarations (-webkit-box, -webkit-flex, -ms-flexbox, flex), every flex, transition,
 * user-select and appearance two to four. Nearly half of a page's CSS was prefixes no browser of the
 * last years reads. This plugin writes only the prefixes that browsers released since 2022 still
 * need (Safari / iOS 15.4+, Chrome / Edge / Samsung Internet 109+, Firefox 115+), each a -webkit-
 * copy of the declaration before it (as emotion's prefixer did):
 *
 * - user-select: Safari has only -webkit-user-select (to 18 at least).
 * - backdrop-filter: Safari before 18.
 * - text-size-adjust: iOS Safari reads only -webkit-text-size-adjust.
 * - hyphens: Safari before 17.
 * - box-decoration-break: Chrome and Safari read only the prefixed one.
 * - mask and its longhands: Chrome before 120.
 * - background-clip: text: Chrome before 120.
 * - text-decoration with more than one value (line, style, color): Safari reads the unprefixed
 *   shorthand as its line only.
 * - color-adjust / print-color-adjust: -webkit-print-color-adjust for Chrome before 136 and Safari
 *   before 15.4 (MUI's ButtonBase sets it for print).
 * - (min-|max-)?(width|height|inline-size|block-size): stretch: -webkit-fill-available and
 *   -moz-available (the unprefixed keyword is Chrome 138+ only).
 *
 * Left out, because every such browser reads them unprefixed: flexbox (display, flex, order, align-*,
 * justify-content), transition, transform, animation and @keyframes, appearance (Safari 15.4),
 * position: sticky (Safari 13), clip-path (Safari 13.1), filter, backface-visibility (Safari 15.4),
 * columns, tab-size (Firefox 91), writing-mode, scroll-snap, margin/padding-inline, cursor: grab /
 * zoom-in, image-set() (Safari 14, Chrome 113: nothing here uses it), min-/max-/fit-content, the
 * ::placeholder and :read-only selectors, and -ms- (Internet Explorer and the old Edge) altogether.
 * Prefixed properties written as such (WebkitTapHighlightColor, WebkitLineClamp...) pass untouched.
 */

const WEBKIT_COPY = new Set([
  "user-select",
  "backdrop-filter",
  "text-size-adjust",
  "hyphens",
  "box-decoration-break",
  "mask",
  "mask-image",
  "mask-size",
  "mask-position",
  "mask-repeat",
  "mask-origin",
  "mask-clip",
  "mask-composite",
]);

const SIZES = /^(?:min-|max-)?(?:width|height|inline-size|block-size)$/;

/** The prefixed declarations to write before `element` (a declaration), or "" for none. */
function prefixes(property: string, value: string): string {
  if (WEBKIT_COPY.has(property)) return `-webkit-${property}:${value};`;
  switch (property) {
    case "background-clip":
      return /\btext\b/.test(value) ? `-webkit-background-clip:${value};` : "";
    case "text-decoration":
      return /\S\s+\S/.test(value) ? `-webkit-text-decoration:${value};` : "";
    case "color-adjust":
    case "print-color-adjust":
      return `-webkit-print-color-adjust:${value};`;
  }
  if (SIZES.test(property) && /^stretch\b/.test(value)) {
    const rest = value.slice("stretch".length);
    return `${property}:-webkit-fill-available${rest};${property}:-moz-available${rest};`;
  }
  return "";
}

/**
 * A stylis plugin for emotion's cache (`stylisPlugins: [leanPrefixer]`, in place of emotion's own
 * prefixer): sets a declaration's output to its needed prefixes followed by the declaration itself.
 */
export const leanPrefixer: StylisPlugin = (element: StylisElement) => {
  if (element.type !== "decl" || element.return || element.length < 0) return;
  const property = element.props;
  const value = element.children;
  if (typeof property !== "string" || typeof value !== "string") return;
  const before = prefixes(property, value);
  if (before) element.return = before + element.value;
};

/**
 * The plugins of every emotion cache of the app. One array for the process: emotion keeps the CSS it
 * compiled on the server per plugin array (a WeakMap keyed by it), so a new array per request would
 * compile every style again on every request.
 */
export const STYLIS_PLUGINS: StylisPlugin[] = [leanPrefixer];
