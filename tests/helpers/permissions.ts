import { expect, it } from "vitest";
import type { CallResult } from "./api";

export type Who = "anon" | "owner" | "other" | "admin";
export const WHO: Who[] = ["anon", "owner", "other", "admin"];

/** One endpoint call and the status each caller gets (a caller left out is not tried). */
export type PermissionRow = { name: string; run: (token?: string) => Promise<CallResult>; expect: Partial<Record<Who, number>> };

/**
 * The who × endpoint × status table: one test per row and caller, checking the status and the
 * contract's error body (JSON `detail`; `WWW-Authenticate: Bearer` on 401; no body on 204).
 */
export function permissionTable(rows: PermissionRow[], tokenOf: (who: Who) => string | undefined, alsoCheck?: (r: CallResult, expected: number) => void) {
  const table = rows.flatMap((r) => WHO.filter((w) => r.expect[w] !== undefined).map((w) => [r.name, w, r.run, r.expect[w]!] as const));
  it.each(table)("%s as %s", async (_name, who, run, expected) => {
    const r = await run(tokenOf(who));
    expect(r.status, JSON.stringify(r.body)).toBe(expected);
    if (expected === 401) expect(r.headers.get("www-authenticate")).toBe("Bearer");
    if (expected === 204) expect(r.body).toBeNull();
    if (expected >= 400) expect(typeof r.body.detail).toBe("string");
    alsoCheck?.(r, expected);
  });
}
