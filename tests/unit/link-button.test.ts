// LinkButton (components/ui/link-button.tsx): MUI's `<Button component={NextLink}>` as it looks,
// rendered to HTML with the app's theme beside Button itself, so that the links that changed from
// one to the other look the same (the keyboard's focus ring is LinkButton's own addition).
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ThemeProvider } from "@mui/material/styles";
import Button from "@mui/material/Button";
import Add from "@mui/icons-material/Add";
import ArrowForward from "@mui/icons-material/ArrowForward";
import { describe, expect, it } from "vitest";
import { theme } from "@/components/layout/theme";
import { LinkButton } from "@/components/ui/link-button";

type Props = Record<string, unknown>;
const render = (type: unknown, props: Props) =>
  renderToStaticMarkup(h(ThemeProvider, { theme }, h(type as typeof LinkButton, { href: "/locations/new", ...props } as never, "Some words")));
const muiButton = (props: Props) => render(Button, { component: "a", ...props });
const linkButton = (props: Props) => render(LinkButton, props);

/** Every rule of the CSS written for an element's emotion class, that class written as ".C". */
function rulesOf(html: string, cls: string): string {
  const css = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join("");
  const rules: string[] = [];
  // top-level rules, @media blocks whole
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return rules
    .filter((r) => r.includes(`.${cls}`))
    .join("\n")
    .replaceAll(`.${cls}`, ".C");
}
/** An element's tag, attributes (its emotion class left out) and CSS, found by one of its classes. */
function part(html: string, marker: string) {
  const body = html.replace(/<style[^>]*>.*?<\/style>/gs, "");
  const tag = new RegExp(`<(\\w+)([^>]*class="[^"]*\\b${marker}\\b[^"]*"[^>]*)>`).exec(body);
  if (!tag) return null;
  const cls = /\b(css-[A-Za-z0-9-]+)/.exec(tag[2])![1];
  const attributes = tag[2].replace(` ${cls}`, "").replace(`${cls} `, "").trim().split(/\s+(?=[\w-]+=)/).sort();
  return { tag: tag[1], attributes, css: rulesOf(html, cls) };
}

const FOCUS_RING = (colour: string) => `.C:focus-visible{outline:2px solid ${colour};outline-offset:2px;}`;

describe("LinkButton", () => {
  const cases: Props[] = [
    {},
    { size: "small" },
    { size: "large" },
    { variant: "contained" },
    { variant: "contained", size: "small" },
    { variant: "contained", size: "large", fullWidth: true },
    { variant: "outlined" },
    { variant: "outlined", size: "small" },
    { variant: "outlined", size: "large" },
    { color: "inherit" },
    { color: "inherit", size: "small" },
    { variant: "contained", color: "error" },
    { variant: "outlined", disabled: true },
    { variant: "contained", disabled: true },
    { size: "large", disabled: true },
  ];
  for (const props of cases) {
    it(`writes Button's element, classes and CSS for ${JSON.stringify(props)}`, () => {
      const mui = part(muiButton(props), "MuiButton-root")!;
      const ours = part(linkButton(props), "MuiButton-root")!;
      expect(ours.tag).toBe("a");
      expect(ours.attributes).toEqual(mui.attributes);
      const colour = props.color === "inherit" ? "currentColor" : `var(--mui-palette-${(props.color as string) ?? "primary"}-main)`;
      expect(ours.css).toBe(`${mui.css}\n${FOCUS_RING(colour)}`);
      // what the CSS sets, not only that both agree: the theme's weight and no capitals, last
      expect(ours.css).toMatch(/text-transform:none;font-weight:600;\}/);
    });
  }

  for (const size of ["small", "medium", "large"]) {
    it(`writes Button's start and end icons at size ${size}`, () => {
      const props = { size, startIcon: h(Add), endIcon: h(ArrowForward) };
      for (const slot of ["MuiButton-startIcon", "MuiButton-endIcon"]) {
        const mui = part(muiButton(props), slot)!;
        const ours = part(linkButton(props), slot)!;
        expect(ours).toEqual(mui);
        expect(ours.css).toContain(`font-size:${{ small: 18, medium: 20, large: 22 }[size]}px`);
      }
    });
  }

  it("keeps a disabled link out of the keyboard's reach, as Button does", () => {
    const ours = part(linkButton({ disabled: true }), "MuiButton-root")!;
    expect(ours.attributes).toEqual(expect.arrayContaining(['aria-disabled="true"', 'tabindex="-1"']));
    expect(ours.css).toContain(".C.Mui-disabled{pointer-events:none;cursor:default;}");
  });

  it("takes sx after Button's styles, and passes no prop of its own to the element", () => {
    const html = linkButton({ variant: "contained", sx: { px: 4 }, startIcon: h(Add), "aria-current": "page" });
    const ours = part(html, "MuiButton-root")!;
    // sx's declarations close the element's own rule, after Button's and the theme's
    expect(ours.css).toMatch(/^\.C\{[^}]*text-transform:none;font-weight:600;padding-left:calc\(4 \* var\(--mui-spacing\)\);padding-right:calc\(4 \* var\(--mui-spacing\)\);\}/);
    expect(ours.attributes).toContain('aria-current="page"');
    expect(html).not.toMatch(/ (variant|look|side|size|sx|fullWidth|startIcon|endIcon)=/i);
  });
});
