// Text (components/ui/text.tsx): MUI's Typography as it looks, rendered to HTML with the app's theme
// beside Typography itself, so that the pages that changed from one to the other look the same.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ThemeProvider } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { describe, expect, it } from "vitest";
import { theme } from "@/components/layout/theme";
import { Text } from "@/components/ui/text";

type Props = Record<string, unknown>;
const render = (type: typeof Text | typeof Typography, props: Props) => renderToStaticMarkup(h(ThemeProvider, { theme }, h(type as typeof Text, props, "Some words")));
/** the declarations of the element's own class, in their order */
const declarations = (html: string) => {
  const cls = /class="[^"]*\b(css-[A-Za-z0-9-]+)/.exec(html)?.[1];
  const rule = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join("").match(new RegExp(`\\.${cls}\\{([^}]*)\\}`));
  return rule?.[1] ?? "";
};
/** the element's tag and attributes, without its classes */
const element = (html: string) => (/<(\w+)([^>]*)>Some words/.exec(html.replace(/<style[^>]*>.*?<\/style>/gs, "")) ?? []).slice(1).map((s) => s.replace(/ class="[^"]*"/, "").trim());

describe("Text", () => {
  const cases: Props[] = [
    {},
    { variant: "body2", color: "textSecondary" },
    { variant: "h1", sx: { fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 0.75 } },
    { variant: "h2", component: "li", id: "x", noWrap: true },
    { variant: "h6", color: "primary", gutterBottom: true },
    { variant: "subtitle2", color: "error" },
    { variant: "caption", color: "textDisabled" },
    { variant: "overline", component: "p", color: "primary" },
    { variant: "inherit", color: "primary", component: "a", href: "mailto:a@b.fr", className: "MuiLink-root" },
  ];
  for (const props of cases) {
    it(`writes Typography's element and styles for ${JSON.stringify(props)}`, () => {
      const ours = render(Text, props);
      const mui = render(Typography, props);
      expect(element(ours)).toEqual(element(mui));
      expect(declarations(ours)).toBe(declarations(mui));
      expect(declarations(ours)).toMatch(/^margin:0;/);
    });
  }

  it("writes the palette's variables for the colours Typography names (text.secondary is not one of them)", () => {
    expect(declarations(render(Text, { color: "textSecondary" }))).toContain("color:var(--mui-palette-text-secondary)");
    expect(declarations(render(Text, { color: "error" }))).toContain("color:var(--mui-palette-error-main)");
    // MUI 9's Typography writes no colour for an sx path: the reason the pages say textSecondary
    expect(declarations(render(Typography, { color: "text.secondary" }))).not.toContain("color:");
  });

  it("passes no prop of its own to the element", () => {
    const html = render(Text, { variant: "body2", color: "textSecondary", noWrap: true, gutterBottom: true, sx: { mb: 1 } });
    expect(html).not.toMatch(/ (variant|color|noWrap|nowrap|gutterBottom|look|sx)=/i);
  });
});
