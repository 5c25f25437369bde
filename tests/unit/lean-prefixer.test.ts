// The stylis plugin of the app's emotion caches (lib/ui/lean-prefixer.ts): only the prefixes that
// browsers since 2022 still need, run through emotion's own server-side compile as the app runs it.
import createCache from "@emotion/cache";
import { css, type CSSObject } from "@emotion/react";
import { describe, expect, it } from "vitest";
import { leanPrefixer, STYLIS_PLUGINS } from "@/lib/ui/lean-prefixer";

/** The CSS emotion writes for `styles` under `.x`, with the lean prefixer in place of its own. */
function compile(styles: CSSObject, plugins = STYLIS_PLUGINS): string {
  const cache = createCache({ key: "t", stylisPlugins: plugins });
  cache.compat = true;
  const serialized = css(styles);
  cache.insert(".x", serialized, cache.sheet, true);
  return String(cache.inserted[serialized.name]);
}

describe("leanPrefixer", () => {
  it("leaves flexbox, transitions, transforms, appearance and sticky unprefixed", () => {
    const css = compile({
      display: "flex",
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "space-between",
      flexGrow: 1,
      flexShrink: 0,
      order: 2,
      transition: "transform 200ms",
      transform: "scale(1.1)",
      appearance: "none",
      position: "sticky",
      clipPath: "circle(50%)",
      filter: "blur(2px)",
      width: "fit-content",
      cursor: "grab",
    });
    expect(css).not.toMatch(/-webkit-|-moz-|-ms-/);
    expect(css).toBe(
      ".x{display:flex;flex-direction:column;align-items:center;justify-content:space-between;flex-grow:1;flex-shrink:0;order:2;" +
        "transition:transform 200ms;transform:scale(1.1);appearance:none;position:sticky;clip-path:circle(50%);filter:blur(2px);width:fit-content;cursor:grab;}",
    );
  });

  it("writes -webkit- before what Safari or Chrome still need it for", () => {
    expect(compile({ userSelect: "none" })).toBe(".x{-webkit-user-select:none;user-select:none;}");
    expect(compile({ backdropFilter: "blur(4px)" })).toBe(".x{-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);}");
    expect(compile({ textSizeAdjust: "100%" })).toBe(".x{-webkit-text-size-adjust:100%;text-size-adjust:100%;}");
    expect(compile({ hyphens: "auto" })).toBe(".x{-webkit-hyphens:auto;hyphens:auto;}");
    expect(compile({ boxDecorationBreak: "clone" })).toBe(".x{-webkit-box-decoration-break:clone;box-decoration-break:clone;}");
    expect(compile({ maskImage: "url(a.svg)", maskSize: "cover" })).toBe(
      ".x{-webkit-mask-image:url(a.svg);mask-image:url(a.svg);-webkit-mask-size:cover;mask-size:cover;}",
    );
    expect(compile({ backgroundClip: "text" })).toBe(".x{-webkit-background-clip:text;background-clip:text;}");
    expect(compile({ colorAdjust: "exact" })).toBe(".x{-webkit-print-color-adjust:exact;color-adjust:exact;}");
    expect(compile({ printColorAdjust: "exact" })).toBe(".x{-webkit-print-color-adjust:exact;print-color-adjust:exact;}");
  });

  it("prefixes the text-decoration shorthand only with more than one value", () => {
    expect(compile({ textDecoration: "none" })).toBe(".x{text-decoration:none;}");
    expect(compile({ textDecoration: "underline dotted red" })).toBe(
      ".x{-webkit-text-decoration:underline dotted red;text-decoration:underline dotted red;}",
    );
  });

  it("prefixes background-clip only for text", () => {
    expect(compile({ backgroundClip: "padding-box" })).toBe(".x{background-clip:padding-box;}");
  });

  it("spells the stretch size keyword as WebKit and Firefox read it", () => {
    expect(compile({ width: "stretch" })).toBe(".x{width:-webkit-fill-available;width:-moz-available;width:stretch;}");
    expect(compile({ alignItems: "stretch", minHeight: "100%" })).toBe(".x{align-items:stretch;min-height:100%;}");
  });

  it("does not take color-scheme for color-adjust, nor touch custom properties and prefixed ones", () => {
    expect(compile({ colorScheme: "light" })).toBe(".x{color-scheme:light;}");
    expect(compile({ "--user-select": "none" })).toBe(".x{--user-select:none;}");
    expect(compile({ WebkitTapHighlightColor: "transparent", WebkitUserSelect: "none" })).toBe(
      ".x{-webkit-tap-highlight-color:transparent;-webkit-user-select:none;}",
    );
  });

  it("leaves selectors and keyframes as written", () => {
    expect(compile({ "&::placeholder": { opacity: 0.5 }, "&:read-only": { color: "gray" } })).toBe(
      ".x::placeholder{opacity:0.5;}.x:read-only{color:gray;}",
    );
    expect(compile({ "@keyframes spin": { to: { transform: "rotate(1turn)" } } })).toBe("@keyframes spin{to{transform:rotate(1turn);}}");
  });

  it("prefixes in nested rules and media queries too", () => {
    expect(compile({ "@media print": { "& span": { userSelect: "text" } } })).toBe("@media print{.x span{-webkit-user-select:text;user-select:text;}}");
  });

  it("is the only plugin of the one array for the process (emotion keeps compiled CSS per plugin array)", () => {
    expect(STYLIS_PLUGINS).toEqual([leanPrefixer]);
  });
});
