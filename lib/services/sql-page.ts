// The hot lists (issue 14) read a page and its total in one SQL statement, the page's rows as one
// JSON array of arrays built by PostgreSQL: one round trip (straight through the pool: readRows),
// one value for the client to parse, instead of Prisma's page (its relations as nested JSONB)
// and count. Each service writes its own statement with these pieces (tagged templates: every
// value a parameter) and turns the arrays back into the rows its serializers read, so the answers
// stay byte for byte the same (tests/integration/list-bytes.test.ts compares them with Prisma's
// reads).
import { Prisma, readRows } from "@/lib/db";
import type { SortOrder } from "@/lib/http/list";

/** `WHERE a AND b ...`, or nothing. */
export const whereAll = (conditions: Prisma.Sql[]): Prisma.Sql => (conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty);

/**
 * ORDER BY the chosen column, then by id, as lib/http/list.ts `orderByWithId` orders Prisma's
 * reads. `columns` are the service's own fragments (never the request's text), `id` among them.
 */
export function orderWithId<F extends string>(columns: Record<F | "id", Prisma.Sql>, field: F | "id", order: SortOrder): Prisma.Sql {
  const direction = order === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  return field === "id" ? Prisma.sql`${columns.id} ${direction}` : Prisma.sql`${columns[field]} ${direction}, ${columns.id} ASC`;
}

/** `(extract(epoch ...) * 1000)::bigint` of a timestamptz(3) column is exact: this is its Date. */
export const fromEpochMs = (ms: number): Date => new Date(ms);

/** A case-insensitive "contains", as Prisma's `{ contains, mode: "insensitive" }` sends it (its wildcards are not escaped). */
export const containsInsensitive = (column: Prisma.Sql, q: string): Prisma.Sql => Prisma.sql`${column} ILIKE ('%' || ${q} || '%')`;

/**
 * One statement: `total` (a `count(*)::int` subquery) and `rows` (a `json_agg` subquery, NULL
 * when the page is empty), side by side.
 */
export async function readPage(total: Prisma.Sql, rows: Prisma.Sql): Promise<{ rows: unknown[][]; total: number }> {
  const [r] = await readRows<{ total: number; rows: unknown[][] | null }>(Prisma.sql`SELECT (${total}) AS total, (${rows}) AS rows`);
  return { rows: r.rows ?? [], total: r.total };
}
