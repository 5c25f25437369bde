// Saying one of the API's English texts in the page's language: the text is looked up in the table
// of lib/i18n/api-texts.ts (exactly, or by a pattern with placeholders), and its message in the
// `errors` part of the catalog is formatted with the pattern's values. Any other text, or one the
// language has no message for, is shown as it came. No table here: the page is given it (ApiTexts).

/** The English text (or pattern) → its key in the `errors` part of the catalog. */
export type ApiTextTable = Readonly<Record<string, string>>;
export type ApiTextMatch = { key: string; values: Record<string, string> };
/** What formats a message of the `errors` part: use-intl's translator for that part. */
export type ErrorTranslator = { (key: string, values?: Record<string, string>): string; has: (key: string) => boolean };

/** A placeholder holding an API text of its own, itself said in the page's language ("Line 3: {reason}"). */
const NESTED = "reason";
const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Pattern = { re: RegExp; names: string[]; key: string };

/** A pattern as a regular expression: each placeholder any text, one named twice the same text twice. */
function patternOf(text: string, key: string): Pattern {
  const names: string[] = [];
  let source = "^";
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    source += escape(text.slice(last, m.index));
    const seen = names.indexOf(m[1]);
    if (seen >= 0) source += `\\${seen + 1}`;
    else {
      names.push(m[1]);
      source += "([^]+?)";
    }
    last = m.index + m[0].length;
  }
  return { re: new RegExp(`${source}${escape(text.slice(last))}$`), names, key };
}

/** Finds a text in the table: its key and the values of its placeholders, or null. */
export function apiTextMatcher(table: ApiTextTable): (text: string) => ApiTextMatch | null {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [text, key] of Object.entries(table)) {
    if (/\{\w+\}/.test(text)) patterns.push(patternOf(text, key));
    else exact.set(text, key);
  }
  return (text) => {
    const key = exact.get(text);
    if (key !== undefined) return { key, values: {} };
    for (const p of patterns) {
      const m = p.re.exec(text);
      if (m) return { key: p.key, values: Object.fromEntries(p.names.map((name, i) => [name, m[i + 1]])) };
    }
    return null;
  };
}

/** `text` in the translator's language when the table knows it and the language has its message; else `text`. */
export function translateApiText(text: string, match: (text: string) => ApiTextMatch | null, t: ErrorTranslator): string {
  const found = match(text);
  if (!found || !t.has(found.key)) return text;
  const values = { ...found.values };
  if (NESTED in values) values[NESTED] = translateApiText(values[NESTED], match, t);
  return t(found.key, values);
}
