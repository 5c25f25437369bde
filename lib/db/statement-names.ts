import { createHash } from "node:crypto";

/** Longer statements (a batch's VALUES lists) are not kept: each would hold its parse tree on every connection. */
const MAX_SQL_CHARS = 8_000;
const MAX_ARGS = 100;

/**
 * Names for the statements Prisma sends (PrismaPg's `statementNameGenerator`): pg then prepares a
 * named statement once per connection and only binds and executes it afterwards, where an unnamed
 * one is parsed and planned again on every call. For `/locations/` that was about 1.5 of the
 * 1.9 ms PostgreSQL spent on the page (docs/performance.md, "Statements parsed once"). The name is
 * a hash of the text, so one text always has one name (pg refuses a name reused for another
 * text). At most `max` texts a process are named, and only short ones with few parameters: the
 * others (variable lists, batches) go unnamed as before, so that what each connection keeps stays
 * bounded.
 */
export function statementNames(max = 300): (query: { sql: string; args: readonly unknown[] }) => string {
  const names = new Map<string, string>();
  return ({ sql, args }) => {
    const known = names.get(sql);
    if (known) return known;
    if (names.size >= max || sql.length > MAX_SQL_CHARS || args.length > MAX_ARGS) return ""; // unnamed
    const name = `f_${createHash("sha1").update(sql).digest("base64url").slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
}
