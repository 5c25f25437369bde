import { expect, it } from "vitest";
import type { Auth, CallResult } from "./api";
import { sessionCookie } from "./session";
import type { TestUser } from "../factories/users";

export type Who = "anon" | "owner" | "other" | "admin";
const WHO: Who[] = ["anon", "owner", "other", "admin"];

/** The signed-in callers of a table (makeCast): the owner of the objects, another household, an admin. */
export type Cast = Record<Exclude<Who, "anon">, TestUser>;

/** How a signed-in caller proves who they are; every signed-in cell is tried both ways. */
export type Via = "bearer" | "cookie";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/**
 * A handler as `METHOD /api/...`, the path spelled as its folders under app/api
 * (`GET /api/v1/locations/[id]`). tests/integration/permission-coverage.test.ts reads these from
 * the test files and fails when a route file's method has no row.
 */
type RouteKey = `${Method} /api/${string}`;

/**
 * One endpoint call and the status each caller gets (a caller left out is not tried). `run` gets
 * the caller's credentials for `call`'s `token`: a bearer token, a session cookie, or nothing.
 * `bugs` names, with the wrong answer seen, the cells the product gets wrong today: they run as
 * `it.fails` (`"other"` for both ways, or `"other cookie"` for one).
 */
export type PermissionRow = {
  route: RouteKey;
  name: string;
  run: (auth?: Auth) => Promise<CallResult>;
  expect: Partial<Record<Who, number>>;
  bugs?: Partial<Record<Who | `${Exclude<Who, "anon">} ${Via}`, string>>;
};

/** A cross-site page's Origin: a cookie write from there is refused whoever the cookie names. */
const CROSS_SITE = "https://elsewhere.example";
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The who × endpoint × status table: one test per row, caller and way of signing in (anonymous
 * once, with no credentials; everyone else with `Authorization: Bearer` and with the next-auth
 * session cookie), checking the status and the contract's error body (JSON `detail`;
 * `WWW-Authenticate: Bearer` on 401; no body on 204). A cookie write is also tried from another
 * site first, and must be refused (403) before the handler runs.
 */
export function permissionTable(rows: PermissionRow[], castOf: () => Cast, alsoCheck?: (r: CallResult, expected: number) => void) {
  type Cell = { row: PermissionRow; who: Who; via: Via | "no credentials"; expected: number; bug?: string };
  const cells: Cell[] = rows.flatMap((row) =>
    WHO.filter((who) => row.expect[who] !== undefined).flatMap((who): Cell[] => {
      const expected = row.expect[who]!;
      if (who === "anon") return [{ row, who, via: "no credentials", expected, bug: row.bugs?.anon }];
      return (["bearer", "cookie"] as const).map((via) => ({ row, who, via, expected, bug: row.bugs?.[`${who} ${via}`] ?? row.bugs?.[who] }));
    }),
  );
  const check = async ({ row, who, via, expected }: Cell) => {
    let auth: Auth | undefined;
    if (who !== "anon") {
      const user = castOf()[who];
      auth = via === "bearer" ? user.token : { cookie: await sessionCookie(user.id) };
    }
    if (typeof auth === "object" && !SAFE.has(row.route.split(" ")[0])) {
      const crossSite = await row.run({ ...auth, origin: CROSS_SITE });
      expect(crossSite.status, `from ${CROSS_SITE}: ${JSON.stringify(crossSite.body)}`).toBe(403);
      expect(crossSite.body).toEqual({ detail: "Cross-site request refused", code: "forbidden" });
    }
    const r = await row.run(auth);
    expect(r.status, JSON.stringify(r.body)).toBe(expected);
    if (expected === 401) expect(r.headers.get("www-authenticate")).toBe("Bearer");
    if (expected === 204) expect(r.body).toBeNull();
    if (expected >= 400) expect(typeof r.body.detail).toBe("string");
    alsoCheck?.(r, expected);
  };
  const title = (c: Cell) => `${c.row.name} as ${c.who} (${c.via})`;
  for (const c of cells) {
    if (c.bug) it.fails(`${title(c)} [BUG: ${c.bug}]`, () => check(c));
    else it(title(c), () => check(c));
  }
}
