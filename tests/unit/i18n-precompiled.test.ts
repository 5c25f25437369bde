// The build compiles every message ahead of time (lib/i18n/icu-catalog.mjs, through the loader
// next.config.js sets on messages/) and formats it with use-intl's format-only entry, which has no
// ICU parser. Here every message of both languages is formatted both ways, the compiled one against
// use-intl's runtime parser (intl-messageformat), with values made from the message's own shape:
// each plural at several counts (a compiled plural is a table: one lookup proves one row), each
// branch of a select, a tag as a function, so that the two agree on every text Foyer shows.
import { describe, expect, it } from "vitest";
import { _createCache, _createIntlFormatters } from "use-intl/core";
import formatRaw from "use-intl/format-message";
import formatCompiled from "use-intl/format-message/format-only";
import { compileTree } from "@/lib/i18n/icu-catalog.mjs";
import { CATALOGS, RAW_CATALOGS, overlay, type Tree as Catalog } from "@/lib/i18n/messages";

type Tree = { [key: string]: string | Tree };
type Compiled = unknown;
type Values = Record<string, unknown>;

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

const COUNTS = [0, 1, 2, 5, 21, 1234.5];

/** Sets of values for a compiled message: set k takes each plural's k-th count and each select's k-th branch. */
function valueSets(message: Compiled): Values[] {
  const plurals: string[] = [], selects = new Map<string, string[]>(), simple = new Set<string>(), numbers = new Set<string>(), dates = new Set<string>(), tags = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === "string" || typeof node === "number") return;
    if (!Array.isArray(node)) {
      for (const branch of Object.values(node as Record<string, unknown>)) walk(branch);
      return;
    }
    const [name, type, ...rest] = node as [unknown, unknown, ...unknown[]];
    if (typeof name !== "string") return node.forEach(walk); // a list of nodes
    if (type === undefined) simple.add(name);
    else if (type === 4) numbers.add(name);
    else if (type === 5 || type === 6) dates.add(name);
    else if (type === 1 || type === 2 || type === 3) {
      if (type === 1) selects.set(name, Object.keys(rest[0] as object));
      else plurals.push(name);
      walk(rest[0]);
    } else {
      tags.add(name);
      [type, ...rest].forEach(walk);
    }
  };
  if (Array.isArray(message)) message.forEach(walk);
  const rounds = Math.max(1, plurals.length ? COUNTS.length : 0, ...[...selects.values()].map((o) => o.length));
  return Array.from({ length: rounds }, (_, k) => {
    const v: Values = {};
    for (const n of simple) v[n] = `«${n}»`;
    for (const n of numbers) v[n] = 1234.5;
    for (const n of dates) v[n] = new Date(Date.UTC(2026, 2, 5, 12));
    for (const n of plurals) v[n] = COUNTS[k % COUNTS.length];
    for (const [n, options] of selects) v[n] = options[k % options.length];
    for (const n of tags) v[n] = (chunks: unknown[]) => `<${n}>${chunks.join("")}</${n}>`;
    return v;
  });
}

const text = (out: unknown) => (Array.isArray(out) ? out.join("") : String(out));

describe.each(Object.entries(CATALOGS))("the %s catalog, compiled ahead of time", (locale, catalog) => {
  const options = { cache: _createCache(), formatters: _createIntlFormatters(_createCache()), locale };
  const messages = leaves(catalog as unknown as Tree);

  it("formats every message as the runtime parser does", () => {
    expect(messages.length).toBeGreaterThan(500);
    let compared = 0;
    for (const [key, raw] of messages) {
      const compiled = compileTree(raw, key);
      for (const values of valueSets(compiled)) {
        const hasValues = Object.keys(values).length > 0;
        const expected = text(formatRaw(key, raw, (hasValues ? values : undefined) as never, options as never));
        const got = text(formatCompiled(key, compiled as never, (hasValues ? values : undefined) as never, options as never));
        expect(got, `${locale} ${key} with ${JSON.stringify(values)}`).toBe(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(messages.length);
  });
});

describe("compileTree", () => {
  it("gives French over English the same catalog compiled as written: a compiled message is a leaf, not a part", () => {
    const [en, fr] = [compileTree(RAW_CATALOGS.en), compileTree(RAW_CATALOGS.fr)] as Catalog[];
    const compiledOverlay = overlay(en, fr);
    expect(compiledOverlay).toEqual(compileTree(CATALOGS.fr));
    expect(compiledOverlay).not.toEqual(compileTree(CATALOGS.en));
  });

  it("keeps the tree's shape, leaves a plain text as it is and compiles a plural to a table", () => {
    expect(compileTree({ a: { b: "Hello", c: "{n, plural, one {# device} other {# devices}}" } })).toEqual({
      a: { b: "Hello", c: [["n", 2, { one: [0, " device"], other: [0, " devices"] }]] },
    });
  });

  it("names the message that does not compile", () => {
    expect(() => compileTree({ a: { broken: "{n, plural, one {x}" } })).toThrow(/a\.broken/);
  });
});
