// PageWidth (components/ui/page-width.tsx): MUI's Container at `lg`, rendered beside Container itself
// with the app's theme, so that the frame and the landing page that changed to it look the same.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ThemeProvider } from "@mui/material/styles";
import Container from "@mui/material/Container";
import { describe, expect, it } from "vitest";
import { theme } from "@/components/layout/theme";
import { PageWidth } from "@/components/ui/page-width";

type Props = Record<string, unknown>;
const render = (type: typeof PageWidth | typeof Container, props: Props) => renderToStaticMarkup(h(ThemeProvider, { theme }, h(type as typeof PageWidth, props, "Inside")));
/** every rule of the element's own class (its media queries too), in their order */
const rules = (html: string) => {
  const cls = /class="[^"]*\b(css-[A-Za-z0-9-]+)/.exec(html)?.[1] ?? "none";
  const css = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join("");
  return css.replaceAll(cls, "X").match(/(@media[^{]*\{)?\.X\{[^}]*\}/g) ?? [];
};
/** the element's tag and its attributes (sorted: their order does not matter), emotion's class left out */
const element = (html: string) => {
  const [, tag = "", attrs = ""] = /<(\w+)([^>]*)>Inside/.exec(html.replace(/<style[^>]*>.*?<\/style>/gs, "")) ?? [];
  return [tag, ...(attrs.replace(/ ?css-[A-Za-z0-9-]+/, "").match(/[\w-]+="[^"]*"/g) ?? []).sort()];
};

describe("PageWidth", () => {
  const cases: Props[] = [
    {},
    { disableGutters: true },
    { component: "main", id: "main", tabIndex: -1, sx: { flexGrow: 1, py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } } },
    { component: "section", "aria-label": "Features", sx: { py: { xs: 5, md: 8 } } },
  ];
  for (const props of cases) {
    it(`writes Container's element, classes and styles for ${JSON.stringify(props)}`, () => {
      const ours = render(PageWidth, props);
      const mui = render(Container, { maxWidth: "lg", ...props });
      expect(element(ours)).toEqual(element(mui));
      expect(rules(ours)).toEqual(rules(mui));
      expect(rules(ours).join("")).toContain("max-width:1200px");
    });
  }
});
