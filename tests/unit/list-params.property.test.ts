// Properties of the lists' query parameters (lib/http/list.ts parseListParams with the filter
// schemas of lib/validation/list-filters.ts): whatever the query string, the answer is either the
// parsed parameters within their bounds or an `invalid` DomainError (422) naming the fields, never anything else
// thrown; valid parameters are read exactly; parameters a list does not read change nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { DomainError } from "@/lib/errors";
import { MAX_IDS, MAX_PARAM_LENGTH, parseListParams } from "@/lib/http/list";
import { MAX_INT } from "@/lib/validation/common";
import { locationListFilters, tariffListFilters, userListFilters } from "@/lib/validation/list-filters";

type Kind = "id" | "bool" | "enum" | "text";
type List = { name: string; sortable: readonly string[]; filters: z.ZodObject; kinds: Record<string, { kind: Kind; max?: number; values?: readonly string[] }> };

const LISTS: List[] = [
  {
    name: "locations",
    sortable: ["id", "name", "country", "created_at"],
    filters: locationListFilters,
    kinds: { owner_id: { kind: "id", max: MAX_INT }, country: { kind: "enum", values: ["FR", "DE", "IE", "AT", "EE", "CA", "US"] }, name: { kind: "text" } },
  },
  {
    name: "users",
    sortable: ["id", "email"],
    filters: userListFilters,
    kinds: { is_active: { kind: "bool" }, is_superuser: { kind: "bool" }, accepted_tos: { kind: "bool" }, email: { kind: "text" }, first_name: { kind: "text" }, last_name: { kind: "text" } },
  },
  {
    name: "tariffs",
    sortable: ["id", "valid_from"],
    filters: tariffListFilters,
    kinds: { supplier: { kind: "text" }, option: { kind: "enum", values: ["base", "hphc", "tempo"] }, subscribed_kva: { kind: "id", max: 32767 }, kva: { kind: "id", max: 32767 }, in_force: { kind: "bool" } },
  },
];

const parse = (list: List, query: string) => parseListParams(new Request(`http://foyer.test/api/v1/x?${query}`), { sortable: list.sortable, filters: list.filters });
const qs = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

/** The 422 a refused query must be: an `invalid` DomainError with field errors, each a path and a message. */
function expect422(e: unknown) {
  expect(e).toBeInstanceOf(DomainError);
  const err = e as DomainError;
  expect(err.kind).toBe("invalid");
  expect(err.errors?.length).toBeGreaterThan(0);
  for (const f of err.errors!) {
    expect(typeof f.path).toBe("string");
    expect(typeof f.message).toBe("string");
  }
  return err.errors!;
}
function refused(list: List, query: string) {
  try {
    parse(list, query);
  } catch (e) {
    return expect422(e);
  }
  throw new Error(`accepted: ?${query}`);
}

describe.each(LISTS)("the $name list's parameters", (list) => {
  const names = ["_start", "_end", "_sort", "_order", "q", "id", ...Object.keys(list.kinds)];
  const value = fc.oneof(
    digits(1, 12),
    digits(10, 30),
    fc.constantFrom("", "-1", "1.5", "1e3", " 7", "asc", "DESC", "Desc", "true", "false", "1", "0", "yes", "FR", "base", ...list.sortable),
    fc.string({ maxLength: 20 }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.integer({ min: MAX_PARAM_LENGTH - 2, max: MAX_PARAM_LENGTH + 2 }).map((n) => "a".repeat(n)),
    fc.string({ maxLength: 5 }).map((s) => `${s}\0`),
  );
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  /** Raw query pieces URLSearchParams would never write: bad escapes, invalid UTF-8, bare separators. */
  const raw = fc.constantFrom("", "&", "=", "%", "%ZZ=1", "_start=%ED%A0%80", "q=%FF%FE", "id=%00", "&&=&", "_sort=%", "_end=1%2");
  const query = fc.tuple(fc.array(fc.tuple(key, value), { maxLength: 12 }), raw).map(([pairs, r]) => [qs(pairs), r].filter(Boolean).join("&"));

  it("never throws anything but a 422 (an invalid DomainError); what it accepts is within bounds and typed by the list's schema", () => {
    fc.assert(
      fc.property(query, (q) => {
        let p;
        try {
          p = parse(list, q);
        } catch (e) {
          expect422(e);
          return;
        }
        expect(Number.isInteger(p.skip) && p.skip >= 0 && p.skip <= MAX_INT).toBe(true);
        expect(Number.isInteger(p.take) && p.take >= 0 && p.take <= MAX_INT).toBe(true);
        expect([...list.sortable, "id"]).toContain(p.sort.field);
        expect(["asc", "desc"]).toContain(p.sort.order);
        if (p.q !== undefined) expect(p.q.length > 0 && p.q === p.q.trim()).toBe(true);
        if (p.ids !== undefined) {
          expect(p.ids.length).toBeLessThanOrEqual(MAX_IDS);
          for (const id of p.ids) expect(Number.isInteger(id) && id >= 0 && id <= MAX_INT).toBe(true);
        }
        for (const [name, v] of Object.entries(p.filters as Record<string, unknown>)) {
          const k = list.kinds[name];
          expect(k, `filter ${name} is not the list's`).toBeDefined();
          if (v === undefined) continue;
          if (k.kind === "id") expect(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= k.max!).toBe(true);
          if (k.kind === "bool") expect(typeof v).toBe("boolean");
          if (k.kind === "enum") expect(v === null || k.values!.includes(v as string)).toBe(true);
          if (k.kind === "text") expect(typeof v).toBe("string");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads valid parameters exactly: skip = _start, take = _end - _start (never below 0; 1000 without _end), the sort and its order in any case", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: MAX_INT }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: MAX_INT }), { nil: undefined }),
        fc.option(fc.constantFrom(...list.sortable), { nil: undefined }),
        fc.option(fc.constantFrom("asc", "ASC", "desc", "DESC", "Desc"), { nil: undefined }),
        (start, end, sort, order) => {
          const pairs: [string, string][] = [];
          if (start !== undefined) pairs.push(["_start", String(start)]);
          if (end !== undefined) pairs.push(["_end", String(end)]);
          if (sort !== undefined) pairs.push(["_sort", sort]);
          if (order !== undefined) pairs.push(["_order", order]);
          const p = parse(list, qs(pairs));
          expect(p.skip).toBe(start ?? 0);
          expect(p.take).toBe(end === undefined ? 1000 : Math.max(0, end - (start ?? 0)));
          expect(p.sort).toEqual({ field: sort ?? "id", order: (order ?? "asc").toLowerCase() });
        },
      ),
    );
  });

  it("reads each filter by its kind: ids past the column's largest match no row (0), booleans true/1 or false/0, values outside a closed list match nothing (null), text as sent", () => {
    const filterValue = fc.constantFrom(...Object.keys(list.kinds)).chain((name) => {
      const k = list.kinds[name];
      const v =
        k.kind === "id" ? fc.oneof(digits(1, 12), fc.integer({ min: k.max! - 2, max: k.max! + 2 }).map(String)) : k.kind === "bool" ? fc.constantFrom("true", "1", "false", "0") : k.kind === "enum" ? fc.oneof(fc.constantFrom(...k.values!), fc.string({ maxLength: 6 })) : fc.string({ maxLength: 30 }).filter((s) => !s.includes("\0"));
      return fc.tuple(fc.constant(name), v);
    });
    fc.assert(
      fc.property(filterValue, ([name, v]) => {
        const k = list.kinds[name];
        const expected = k.kind === "id" ? (Number(v) <= k.max! ? Number(v) : 0) : k.kind === "bool" ? v === "true" || v === "1" : k.kind === "enum" ? (k.values!.includes(v) ? v : null) : v;
        expect((parse(list, qs([[name, v]])).filters as Record<string, unknown>)[name]).toEqual(expected);
      }),
    );
  });

  it("refuses a bad slice, sort, order, id or filter with a 422 on that parameter", () => {
    const idKinds = Object.entries(list.kinds).filter(([, k]) => k.kind === "id" || k.kind === "bool");
    const bad = fc.oneof(
      fc.tuple(fc.constantFrom("_start", "_end"), fc.oneof(fc.constantFrom("-1", "1.5", "1e3", " 7", "x", ""), digits(1, 5).map((d) => `${d}a`), fc.constant(String(MAX_INT + 1)))),
      fc.tuple(fc.constant("_sort"), fc.string({ maxLength: 10 }).filter((s) => !list.sortable.includes(s))),
      fc.tuple(fc.constant("_order"), fc.string({ maxLength: 6 }).filter((s) => !["asc", "desc"].includes(s.toLowerCase()))),
      fc.tuple(fc.constant("id"), fc.constantFrom("x", "-3", "1.0", "")),
      ...(idKinds.length ? [fc.tuple(fc.constantFrom(...idKinds.map(([n]) => n)), fc.constantFrom("x", "-1", "yes", "2.5"))] : []),
    );
    fc.assert(
      fc.property(bad, ([name, v]) => {
        expect(refused(list, qs([[name, v]])).map((e) => e.path)).toContain(name);
      }),
    );
  });

  it(`refuses a parameter the list reads when longer than ${MAX_PARAM_LENGTH} characters, and any with a NUL; ignores the others`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.integer({ min: MAX_PARAM_LENGTH + 1, max: 2000 }), fc.string({ maxLength: 8 }), (name, n, other) => {
        expect(refused(list, qs([[name, "1".repeat(n)]])).map((e) => e.path)).toContain(name);
        expect(refused(list, qs([[name, "1\u0000"]])).map((e) => e.path)).toContain(name);
        // a parameter this list does not read, of any length, changes nothing
        fc.pre(!names.includes(`x${other}`) && !other.includes("\0"));
        expect(parse(list, qs([["_sort", "id"], [`x${other}`, "z".repeat(n)]]))).toEqual(parse(list, qs([["_sort", "id"]])));
      }),
    );
  });

  it(`takes up to ${MAX_IDS} ids in order, leaving out those past the largest id; refuses more`, () => {
    // (id 0 is left out: whether it is kept or not, it matches no row)
    const idText = fc.oneof(fc.integer({ min: 1, max: MAX_INT }).map(String), digits(10, 14).filter((d) => Number(d) > 0), fc.integer({ min: 1, max: 999 }).map((n) => `00${n}`));
    fc.assert(
      fc.property(fc.array(idText, { minLength: 1, maxLength: 40 }), fc.boolean(), (ids, tooMany) => {
        if (tooMany) {
          const many = Array.from({ length: MAX_IDS + 1 }, (_, i) => ids[i % ids.length]);
          expect(refused(list, qs(many.map((v) => ["id", v]))).map((e) => e.path)).toEqual(["id"]);
        } else {
          expect(parse(list, qs(ids.map((v) => ["id", v]))).ids).toEqual(ids.map(Number).filter((n) => n <= MAX_INT));
        }
      }),
    );
  });
});
