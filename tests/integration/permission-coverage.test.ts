// Every handler under app/api has a row in a permission table (tests/helpers/permissions.ts), or
// is left out below with the reason: a new route file, or a new method in one, fails here until
// its table says who may call it. Rows are found by their `route: "METHOD /api/..."` key in the
// integration test files; the route files are read as the custom server reads them
// (server/api-routes.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildRouteTable } from "@/server/api-routes";

/**
 * Handlers where a who × status cell makes no sense, and why. Keyed as the rows are; a new method
 * on one of these paths is not covered by its neighbour's reason.
 */
const NOT_IN_A_TABLE: Record<string, string> = {
  // next-auth's own endpoints (sign-in, sign-out, session, CSRF token): next-auth decides who gets
  // what; the session they give is what the cookie column of every table uses (auth.test.ts, e2e)
  "GET /api/auth/[...nextauth]": "next-auth's own endpoints",
  "POST /api/auth/[...nextauth]": "next-auth's own endpoints",
  // answered the same to anyone, signed in or not: nothing in them depends on a caller
  "GET /api/health": "a public liveness probe (health.test.ts)",
  "GET /api/openapi.json": "the public description of the API (lib/openapi)",
  "GET /api/docs": "the public API reference page",
  "GET /api/docs/[file]": "the reference page's static files",
  "GET /api/[...path]": "the JSON 404 for a path the contract does not have, the same for everyone",
  "POST /api/[...path]": "the JSON 404 for a path the contract does not have, the same for everyone",
  "PUT /api/[...path]": "the JSON 404 for a path the contract does not have, the same for everyone",
  "PATCH /api/[...path]": "the JSON 404 for a path the contract does not have, the same for everyone",
  "DELETE /api/[...path]": "the JSON 404 for a path the contract does not have, the same for everyone",
  // public by contract: the credentials are in the body, and that is what they check (auth.test.ts)
  "POST /api/signup": "public: creates the account it then signs in",
  "POST /api/token": "public: the password flow, e-mail and password in the body",
  "POST /api/password-recovery/[email]": "public: asked by someone who cannot sign in; the same answer for every address",
  "POST /api/reset-password": "public: the reset token in the body is the credential",
  // the grid partner's OAuth client credentials: the client_id and client_secret in the body are
  // what it checks, a user's token or cookie means nothing there; public, so a cookie from another
  // site is not refused as the tables expect (sharing.test.ts)
  "POST /api/partner/token": "public: the partner's client credentials in the body are the credential",
  // the vendor's redirect back: the OAuth state and this browser's binding cookie name the user,
  // not a bearer token or the session alone (oauth-binding.test.ts, integrations.test.ts)
  "GET /api/integrations/[id]/callback": "the OAuth callback, bound by state and browser cookie",
  // a stand-in for the vendors' own APIs (their consent page, token endpoint and data) with their
  // own OAuth tokens; our users' credentials mean nothing there, and it is closed (404) once a
  // vendor's real credentials are configured (linky-sandbox.test.ts, integrations.test.ts)
  "GET /api/sandbox/[vendor]/[...path]": "the bundled vendor sandbox, with the vendor's own OAuth",
  "POST /api/sandbox/[vendor]/[...path]": "the bundled vendor sandbox, with the vendor's own OAuth",
};

/** What Next answers by itself for every route file (HEAD from GET, OPTIONS), never in a table. */
const IMPLICIT = new Set(["HEAD", "OPTIONS"]);

const handlers = buildRouteTable(path.resolve("app/api"), "/api")
  .flatMap((r: { path: string; methods: Set<string> }) => [...r.methods].filter((m) => !IMPLICIT.has(m)).map((m) => `${m} ${r.path}`))
  .sort();

/** The `route:` keys of the permission rows, with the files they are in. */
function tableRows(): Map<string, string[]> {
  const dir = path.resolve("tests/integration");
  const rows = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(path.join(dir, file), "utf8");
    if (!source.includes("permissionTable(")) continue;
    for (const m of source.matchAll(/\broute:\s*"((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^"]*)"/g)) rows.set(m[1], [...(rows.get(m[1]) ?? []), file]);
  }
  return rows;
}

describe("every handler under app/api is in a permission table", () => {
  const rows = tableRows();

  it("finds the route files and the tables (the scan itself works)", () => {
    expect(handlers).toContain("GET /api/v1/locations/[id]");
    expect(handlers).toContain("GET /api/v1/users/me/archives/[id]/download");
    expect(rows.get("GET /api/v1/locations/[id]")).toContain("locations.test.ts");
  });

  it("has a row for each handler, unless it is left out with a reason", () => {
    const missing = handlers.filter((h) => !rows.has(h) && !(h in NOT_IN_A_TABLE));
    expect(missing, "handlers with no permission row: add rows to the table of their test file (or to permissions.test.ts)").toEqual([]);
  });

  it("has no row for a handler that does not exist (a renamed or removed route)", () => {
    expect([...rows.keys()].filter((k) => !handlers.includes(k)).sort()).toEqual([]);
  });

  it("leaves out only handlers that exist and have no row", () => {
    const stale = Object.keys(NOT_IN_A_TABLE).filter((k) => !handlers.includes(k) || rows.has(k));
    expect(stale).toEqual([]);
  });
});
