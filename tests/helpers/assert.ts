import { expect } from "vitest";
import type { CallResult } from "./api";

/**
 * A 422 in the contract's shape: `errors` names `path` (with `message` when given) and `detail`
 * is the first error's message.
 */
export function expectInvalid(r: CallResult, path: string, message?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  expect(Array.isArray(r.body.errors), "422 body has errors[]").toBe(true);
  expect(r.body.detail).toBe(r.body.errors[0].message);
  if (message === undefined) expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  else expect(r.body.errors).toContainEqual({ path, message });
}

/** An error answer with exactly this status and `{"detail": detail}` body. */
export function expectError(r: CallResult, status: number, detail?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(typeof r.body?.detail).toBe("string");
  if (detail !== undefined) expect(r.body.detail).toBe(detail);
}

/** The json-server list headers: the total before slicing, exposed to browsers. */
export function expectListHeaders(r: CallResult, total: number) {
  expect(r.status).toBe(200);
  expect(Array.isArray(r.body)).toBe(true);
  expect(r.headers.get("x-total-count")).toBe(String(total));
  expect(r.headers.get("access-control-expose-headers")).toContain("X-Total-Count");
}

export const ids = (r: CallResult) => (r.body as { id: number }[]).map((x) => x.id);
