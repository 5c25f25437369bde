import { z } from "zod";
import { idFromText, MAX_INT, NO_ROW } from "@/lib/validation/common";
import { textProblem } from "@/lib/validation/text";
import { invalid, type FieldError } from "@/lib/errors";

export type SortOrder = "asc" | "desc";
export type ListParams<F extends string = string, Filters = Record<string, never>> = {
  skip: number;
  take: number;
  sort: { field: F; order: SortOrder };
  /** the list's equality filters, parsed by its schema (lib/validation/list-filters.ts) */
  filters: Filters;
  q?: string;
  /** `?id=1&id=2` (react-admin's getMany): only these ids */
  ids?: number[];
};

const MAX_WITHOUT_END = 1000;
/** The longest value of any parameter a list reads (`q` and text filters included). */
export const MAX_PARAM_LENGTH = 256;
/** The most `id` values one request may name (react-admin's getMany). */
export const MAX_IDS = 1000;

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
  if (errors.length) throw invalid(errors);
}

/**
 * `?id=` values: integers, at most MAX_IDS of them; one past MAX_INT names no row and is left out
 * (so that only such ids match nothing).
 */
function idsParam(values: string[]): number[] | undefined {
  if (!values.length) return undefined;
  if (values.length > MAX_IDS) throw invalid([{ path: "id", message: `At most ${MAX_IDS} ids` }]);
  const ids = values.map((v) => idFromText(v));
  if (ids.some((n) => n === null)) throw invalid([{ path: "id", message: "id must be an integer" }]);
  return ids.filter((n): n is number => n !== NO_ROW);
}

/**
 * Reads react-admin's json-server parameters: `_start`, `_end`, `_sort` (one of `sortable`),
 * `_order`, `q`, `id` (repeatable) and the equality filters of the list's `filters` schema (other
 * parameters are ignored); 422 with every field's problem.
 */
export function parseListParams<F extends string, S extends z.ZodObject = z.ZodObject<Record<never, never>>>(
  req: Request,
  opts: { sortable: readonly F[]; filters?: S; defaultSort?: F },
): ListParams<F, z.output<S>> {
  const sp = new URL(req.url).searchParams;
  const filterable = Object.keys(opts.filters?.shape ?? {});
  assertParamsAcceptable(sp, new Set([...Object.keys(base.shape), "id", ...filterable]));
  const r = base.safeParse(Object.fromEntries(sp.entries()));
  if (!r.success) throw invalid(r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  const { _start = 0, _end, _sort, _order = "asc", q } = r.data;
  if (_sort !== undefined && !opts.sortable.includes(_sort as F)) {
    throw invalid([{ path: "_sort", message: `_sort must be one of: ${opts.sortable.join(", ")}` }]);
  }
  const take = _end === undefined ? MAX_WITHOUT_END : Math.max(0, _end - _start);
  const raw: Record<string, string> = {};
  for (const f of filterable) {
    const v = sp.get(f);
    if (v !== null) raw[f] = v;
  }
  const parsed = (opts.filters ?? z.object({})).safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  const filters = parsed.data as z.output<S>;
  const ids = idsParam(sp.getAll("id"));
  return { skip: _start, take, sort: { field: (_sort as F) ?? opts.defaultSort ?? ("id" as F), order: _order }, filters, q: q || undefined, ids };
}

/** ORDER BY the chosen column, then by id, so that pages never overlap or skip rows. */
export function orderByWithId<T>(column: string, order: SortOrder): T[] {
  const by = [{ [column]: order }];
  if (column !== "id") by.push({ id: "asc" });
  return by as T[];
}
