import { z } from "zod";
import { MAX_INT } from "@/lib/validation/common";
import { textProblem } from "@/lib/validation/text";
import { unprocessable, type FieldError } from "./errors";

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
/** The longest value of any parameter a list reads (`q` and text filters included). */
export const MAX_PARAM_LENGTH = 256;
/** The most `id` values one request may name (react-admin's getMany). */
export const MAX_IDS = 1000;
/** No row has id 0 (ids start at 1): an integer filter past what its column holds becomes this. */
const NO_ROW = 0;

const DIGITS = /^\d+$/;
/** `_start` and `_end` are row positions: 0 to MAX_INT (PostgreSQL takes larger, but no table holds that many rows). */
const sliceParam = (name: string) =>
  z
    .string()
    .regex(DIGITS, { error: `${name} must be a non-negative integer`, abort: true })
    .refine((v) => Number(v) <= MAX_INT, `${name} must be at most ${MAX_INT}`)
    .transform(Number)
    .optional();

const base = z.object({
  _start: sliceParam("_start"),
  _end: sliceParam("_end"),
  _sort: z.string().optional(),
  _order: z.string().transform((s) => s.toLowerCase()).pipe(z.enum(["asc", "desc"], { error: "_order must be ASC or DESC" })).optional(),
  q: z.string().trim().optional(),
});

/**
 * 422 when a parameter breaks the text rule (any name or value: NUL, an unpaired surrogate), or
 * when one the list reads is longer than MAX_PARAM_LENGTH.
 */
function assertParamsAcceptable(sp: URLSearchParams, read: ReadonlySet<string>) {
  const errors: FieldError[] = [];
  for (const [k, v] of sp) {
    const keyProblem = textProblem(k);
    const message = keyProblem ?? textProblem(v) ?? (read.has(k) && v.length > MAX_PARAM_LENGTH ? `${k} must be at most ${MAX_PARAM_LENGTH} characters` : undefined);
    if (message) errors.push({ path: keyProblem ? "" : k, message });
  }
  if (errors.length) throw unprocessable(errors);
}

/**
 * `?id=` values: integers, at most MAX_IDS of them; one past MAX_INT names no row and is left out
 * (so that only such ids match nothing).
 */
function idsParam(values: string[]): number[] | undefined {
  if (!values.length) return undefined;
  if (values.length > MAX_IDS) throw unprocessable([{ path: "id", message: `At most ${MAX_IDS} ids` }]);
  if (values.some((v) => !DIGITS.test(v))) throw unprocessable([{ path: "id", message: "id must be an integer" }]);
  return values.map(Number).filter((n) => n <= MAX_INT);
}

/**
 * Reads react-admin's json-server parameters: `_start`, `_end`, `_sort` (one of `sortable`),
 * `_order`, `q`, `id` (repeatable) and equality filters on `filterable` fields (other parameters are
 * ignored).
 */
export function parseListParams<F extends string>(req: Request, opts: { sortable: readonly F[]; filterable?: readonly string[]; defaultSort?: F }): ListParams<F> {
  const sp = new URL(req.url).searchParams;
  assertParamsAcceptable(sp, new Set([...Object.keys(base.shape), "id", ...(opts.filterable ?? [])]));
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
  const ids = idsParam(sp.getAll("id"));
  return { skip: _start, take, sort: { field: (_sort as F) ?? opts.defaultSort ?? ("id" as F), order: _order }, filters, q: q || undefined, ids };
}

/** Parses a boolean filter value ("true"/"false"), 422 otherwise. */
export function boolFilter(name: string, v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw unprocessable([{ path: name, message: `${name} must be true or false` }]);
}

/**
 * Parses an integer (id) filter value, 422 when it is not digits. One past what the column holds
 * (MAX_INT) names no row: it becomes 0, which matches nothing, as any other missing id does.
 */
export function intFilter(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!DIGITS.test(v)) throw unprocessable([{ path: name, message: `${name} must be an integer` }]);
  const n = Number(v);
  return n <= MAX_INT ? n : NO_ROW;
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
