import axe from "axe-core";
import type { Page } from "@playwright/test";

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any: { message: string }[] }[] };

/** The WCAG 2.2 A and AA rules (axe-core's own tags), the level the issue holds every page to. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SCHEMES = ["light", "dark"] as const;
/**
 * Rules of those sets that axe-core ships as "experimental" and so leaves out unless asked: WCAG
 * 2.5.3 Label in Name (a control's accessible name contains the words it shows, so that voice
 * control's "click Download" finds it).
 */
const EXPERIMENTAL = { "label-content-name-mismatch": { enabled: true } };

/**
 * axe-core on the page as it is now, in the light and the dark colour scheme (the attribute that
 * MUI's InitColorSchemeScript sets on <html>, swapped for the check and put back): throws on any
 * serious or critical violation, naming the rule, the elements and axe's reason (for contrast, the
 * colours and the ratio). The script is evaluated through the DevTools protocol, which the pages'
 * Content-Security-Policy does not govern.
 */
export async function expectAccessible(page: Page, state: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const shown = await page.evaluate(() => (document.documentElement.hasAttribute("data-dark") ? "dark" : "light"));
  const problems: string[] = [];
  try {
    for (const scheme of SCHEMES) {
      await page.evaluate((s) => {
        const html = document.documentElement;
        html.removeAttribute("data-light");
        html.removeAttribute("data-dark");
        html.setAttribute(`data-${s}`, "");
        // the colours' transitions (MUI's buttons fade theirs over 250 ms) jump to their end: axe
        // reads the colours as they are painted, and half-way they are neither scheme's
        void getComputedStyle(html).color;
        for (const a of document.getAnimations()) {
          try {
            if (a instanceof CSSTransition) a.finish();
          } catch {
            // an endless one: left as it is
          }
        }
      }, scheme);
      const violations = await page.evaluate(
        ({ tags, rules }) =>
          (window as unknown as { axe: typeof axe }).axe
            .run(document, { runOnly: { type: "tag", values: tags }, rules, resultTypes: ["violations"] })
            .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, any: n.any.map((a) => ({ message: a.message })) })) }))),
        { tags: TAGS, rules: EXPERIMENTAL },
      );
      for (const v of violations as Violation[]) {
        if (v.impact !== "serious" && v.impact !== "critical") continue;
        const where = v.nodes.slice(0, 4).map((n) => `    ${n.target.join(" ")}${n.any[0] ? `: ${n.any[0].message}` : ""}`);
        problems.push(`[${scheme}] ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? "" : "s"})\n${where.join("\n")}`);
      }
    }
  } finally {
    await page.evaluate((s) => {
      const html = document.documentElement;
      html.removeAttribute("data-light");
      html.removeAttribute("data-dark");
      html.setAttribute(`data-${s}`, "");
      // back at once too: a screenshot taken next (snapBoth's phone one) caught the buttons and
      // links half-way from the dark scheme's colours to the light one's
      void document.body.offsetHeight;
      for (const a of document.getAnimations()) {
        try {
          if (a instanceof CSSTransition) a.finish();
        } catch {
          // an endless one: left as it is
        }
      }
    }, shown);
  }
  if (!problems.length) return;
  const report = `axe-core on "${state}" (${page.url()}):\n${problems.join("\n")}`;
  // E2E_AXE=report lists every state's violations in one run instead of stopping at the first
  if (process.env.E2E_AXE === "report") console.log(report);
  else throw new Error(report);
}
