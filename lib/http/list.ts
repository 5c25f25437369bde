import { z } from "zod";
import { unprocessable } from "./errors";

export type SortOrder = "asc" | "desc";
export type ListParams<F extends string = string> = {
  skip: number;
  take: number;
  sort: { field: F; order: SortOrder };
  filters: Partial<Record<string, string>>;
  q?: string;
  /** `?id=1&id=2` (react-admin's getMany): only these ids */
  ids?: number[];
};

const MAX_WITHOUT_END = 1000;
const intParam = (name: string) =>
  z.string().regex(/^\d+$/, `${name} must be a non-negative integer`).transform(Number).optional();

const base = z.object({
  _start: intParam("_start"),
  _end: intParam("_end"),
  _sort: z.string().optional(),
  _order: z.string().transform((s) => s.toLowerCase()).pipe(z.enum(["asc", "desc"], { error: "_order must be ASC or DESC" })).optional(),
  q: z.string().trim().optional(),
});

/**
 * Reads react-admin's json-server parameters: `_start`, `_end`, `_sort` (one of `sortable`),
 * `_order`, `q`, `id` (repeatable) and equality filters on `filterable` fields (other parameters are
 * ignored).
 */
export function parseListParams<F extends string>(req: Request, opts: { sortable: readonly F[]; filterable?: readonly string[]; defaultSort?: F }): ListParams<F> {
  const sp = new URL(req.url).searchParams;
  const r = base.safeParse(Object.fromEntries(sp.entries()));
  if (!r.success) throw unprocessable(r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  const { _start = 0, _end, _sort, _order = "asc", q } = r.data;
  if (_sort !== undefined && !opts.sortable.includes(_sort as F)) {
    throw unprocessable([{ path: "_sort", message: `_sort must be one of: ${opts.sortable.join(", ")}` }]);
  }
  const take = _end === undefined ? MAX_WITHOUT_END : Math.max(0, _end - _start);
  const filters: Record<string, string> = {};
  for (const f of opts.filterable ?? []) {
    const v = sp.get(f);
    if (v !== null) filters[f] = v;
  }
  const idValues = sp.getAll("id");
  if (idValues.some((v) => !/^\d{1,9}$/.test(v))) throw unprocessable([{ path: "id", message: "id must be an integer" }]);
  const ids = idValues.length ? idValues.map(Number) : undefined;
  return { skip: _start, take, sort: { field: (_sort as F) ?? opts.defaultSort ?? ("id" as F), order: _order }, filters, q: q || undefined, ids };
}

/** Parses a boolean filter value ("true"/"false"), 422 otherwise. */
export function boolFilter(name: string, v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw unprocessable([{ path: name, message: `${name} must be true or false` }]);
}

/** Parses an integer filter value, 422 otherwise. */
export function intFilter(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw unprocessable([{ path: name, message: `${name} must be an integer` }]);
  return Number(v);
}

/**
 * An equality filter on a closed list: undefined when absent, null when the value is outside the
 * list (such a filter matches nothing).
 */
export function enumFilter<const T extends readonly string[]>(values: T, v: string | undefined): T[number] | null | undefined {
  if (v === undefined) return undefined;
  return (values as readonly string[]).includes(v) ? (v as T[number]) : null;
}

/** ORDER BY the chosen column, then by id, so that pages never overlap or skip rows. */
export function orderByWithId<T>(column: string, order: SortOrder): T[] {
  const by = [{ [column]: order }];
  if (column !== "id") by.push({ id: "asc" });
  return by as T[];
}
