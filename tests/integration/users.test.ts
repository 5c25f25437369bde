import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { sessionCookie } from "../helpers/session";
import { makeCast, makeUser, type TestUser } from "../factories/users";
import { db } from "@/lib/db";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import * as users from "@/app/api/v1/users/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as me from "@/app/api/v1/users/me/route";
import * as acceptTos from "@/app/api/v1/users/me/accept_tos/route";
import * as refresh from "@/app/api/token/refresh/route";
import { decodeJwt } from "jose";

type Who = "anon" | "owner" | "other" | "admin";
let cast: Record<Exclude<Who, "anon">, TestUser>;
beforeEach(async () => {
  cast = await makeCast();
});
const tokenOf = (who: Who) => (who === "anon" ? undefined : cast[who].token);

describe("who may do what on /api/v1/users", () => {
  // target "owner" means the path id is the owner's
  const table: [string, Who, (t?: string) => Promise<{ status: number }>, number][] = [
    ["GET me", "anon", (t) => call(me.GET, { token: t }), 401],
    ["GET me", "owner", (t) => call(me.GET, { token: t }), 200],
    ["accept_tos", "anon", (t) => call(acceptTos.POST, { method: "POST", token: t }), 401],
    ["accept_tos", "owner", (t) => call(acceptTos.POST, { method: "POST", token: t }), 200],
    ["list", "anon", (t) => call(users.GET, { token: t }), 401],
    ["list", "owner", (t) => call(users.GET, { token: t }), 200],
    ["list", "admin", (t) => call(users.GET, { token: t }), 200],
    ["get owner", "anon", (t) => call(user.GET, { token: t, params: { id: String(cast.owner.id) } }), 401],
    ["get owner", "owner", (t) => call(user.GET, { token: t, params: { id: String(cast.owner.id) } }), 200],
    ["get owner", "other", (t) => call(user.GET, { token: t, params: { id: String(cast.owner.id) } }), 404],
    ["get owner", "admin", (t) => call(user.GET, { token: t, params: { id: String(cast.owner.id) } }), 200],
    ["get missing", "admin", (t) => call(user.GET, { token: t, params: { id: "999999" } }), 404],
    ["get non-numeric", "admin", (t) => call(user.GET, { token: t, params: { id: "abc" } }), 404],
    ["put owner names", "anon", (t) => call(user.PUT, { token: t, method: "PUT", params: { id: String(cast.owner.id) }, json: { first_name: "A" } }), 401],
    ["put owner names", "owner", (t) => call(user.PUT, { token: t, method: "PUT", params: { id: String(cast.owner.id) }, json: { first_name: "A" } }), 200],
    ["put owner names", "other", (t) => call(user.PUT, { token: t, method: "PUT", params: { id: String(cast.owner.id) }, json: { first_name: "A" } }), 404],
    ["put owner names", "admin", (t) => call(user.PUT, { token: t, method: "PUT", params: { id: String(cast.owner.id) }, json: { first_name: "A" } }), 200],
    ["put bad body", "owner", (t) => call(user.PUT, { token: t, method: "PUT", params: { id: String(cast.owner.id) }, json: { first_name: 12 } }), 422],
    ["put not json", "owner", (t) => call(user.PUT, { token: t, method: "PUT", params: { id: String(cast.owner.id) }, body: "x", headers: { "content-type": "text/plain" } }), 400],
    ["create", "anon", (t) => call(users.POST, { token: t, json: { email: "n@example.com", password: "longenough" } }), 401],
    ["create", "owner", (t) => call(users.POST, { token: t, json: { email: "n@example.com", password: "longenough" } }), 403],
    ["create invalid", "owner", (t) => call(users.POST, { token: t, json: { email: "bad" } }), 403],
    ["create", "admin", (t) => call(users.POST, { token: t, json: { email: "n@example.com", password: "longenough" } }), 201],
    ["create invalid", "admin", (t) => call(users.POST, { token: t, json: { email: "bad", password: "longenough" } }), 422],
    ["delete owner", "anon", (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: String(cast.owner.id) } }), 401],
    ["delete owner", "owner", (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: String(cast.owner.id) } }), 403],
    ["delete owner", "other", (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: String(cast.owner.id) } }), 403],
    ["delete owner", "admin", (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: String(cast.owner.id) } }), 204],
    ["delete missing", "admin", (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: "999999" } }), 404],
    ["delete self", "admin", (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: String(cast.admin.id) } }), 403],
  ];
  it.each(table)("%s as %s", async (_name, who, run, expected) => {
    const r = await run(tokenOf(who));
    expect(r.status).toBe(expected);
  });
});

describe("user bodies", () => {
  it("GET /users/me is the contract's User object, never the hash", async () => {
    const r = await call(me.GET, { token: cast.owner.token });
    expect(Object.keys(r.body).sort()).toEqual(["accepted_tos", "created_at", "email", "first_name", "id", "is_active", "is_superuser", "last_name"]);
    expect(r.body).toMatchObject({ id: cast.owner.id, email: cast.owner.email, is_active: true, is_superuser: false, accepted_tos: false, first_name: null });
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
  });

  it("accept_tos sets the flag, and a refreshed token carries it", async () => {
    const r = await call(acceptTos.POST, { method: "POST", token: cast.owner.token });
    expect(r.body.accepted_tos).toBe(true);
    const t = await call(refresh.POST, { method: "POST", token: cast.owner.token });
    expect(decodeJwt(t.body.access_token).accepted_tos).toBe(true);
  });

  it("accept_tos holds for the current notice only: an older version's acceptance asks again, once", async () => {
    const older = await makeUser({ email: "older@example.com" });
    await db.user.update({ where: { id: older.id }, data: { acceptedTos: true, tosVersion: PRIVACY_NOTICE.version - 1 } });
    expect((await call(me.GET, { token: older.token })).body.accepted_tos).toBe(false);
    // login claims, the session's caller and the admin's filter and sort read the same
    expect(decodeJwt((await call(refresh.POST, { method: "POST", token: older.token })).body.access_token).accepted_tos).toBe(false);
    const notYet = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?accepted_tos=false&_sort=id&_order=ASC" });
    expect(notYet.body.map((u: { email: string }) => u.email)).toContain("older@example.com");
    expect((await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?accepted_tos=true" })).body).toEqual([]);
    const sorted = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?_sort=accepted_tos&_order=DESC" });
    expect(sorted.status).toBe(200);

    const accepted = await call(acceptTos.POST, { method: "POST", token: older.token });
    expect(accepted.body.accepted_tos).toBe(true);
    expect(await db.user.findUniqueOrThrow({ where: { id: older.id }, select: { tosVersion: true } })).toEqual({ tosVersion: PRIVACY_NOTICE.version });
    const first = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?_sort=accepted_tos&_order=DESC" });
    expect(first.body[0].email).toBe("older@example.com");
    expect((await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?accepted_tos=true" })).body.map((u: { email: string }) => u.email)).toEqual(["older@example.com"]);
  });

  it("a non-admin may repeat their own e-mail but not change it, nor their role or activity", async () => {
    const path = { id: String(cast.owner.id) };
    const same = await call(user.PUT, { method: "PUT", token: cast.owner.token, params: path, json: { email: cast.owner.email.toUpperCase(), first_name: "Ada", last_name: "Lovelace", is_superuser: false } });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ first_name: "Ada", last_name: "Lovelace", email: cast.owner.email });
    for (const json of [{ email: "new@example.com" }, { is_superuser: true }, { is_active: false }, { password: "longenough" }]) {
      const r = await call(user.PUT, { method: "PUT", token: cast.owner.token, params: path, json });
      expect(r.status, JSON.stringify(json)).toBe(403);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: cast.owner.id } })).isSuperuser).toBe(false);
  });

  it("an admin changes everything; a duplicate e-mail is 409; a new password retires the user's tokens", async () => {
    const path = { id: String(cast.owner.id) };
    const dup = await call(user.PUT, { method: "PUT", token: cast.admin.token, params: path, json: { email: cast.other.email } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ detail: "A user with this email already exists" });
    const r = await call(user.PUT, { method: "PUT", token: cast.admin.token, params: path, json: { email: "Renamed@Example.com", is_superuser: true, password: "a-new-password" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: "renamed@example.com", is_superuser: true });
    expect((await call(me.GET, { token: cast.owner.token })).status).toBe(401);
  });

  it("deactivation by an admin ends the user's tokens", async () => {
    await call(user.PUT, { method: "PUT", token: cast.admin.token, params: { id: String(cast.owner.id) }, json: { is_active: false } });
    expect((await call(me.GET, { token: cast.owner.token })).status).toBe(401);
  });

  it("POST /users creates with defaults and refuses duplicates", async () => {
    const r = await call(users.POST, { token: cast.admin.token, json: { email: " Fresh@Example.com ", password: "longenough", first_name: "F" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ email: "fresh@example.com", first_name: "F", last_name: null, is_active: true, is_superuser: false, accepted_tos: false });
    const dup = await call(users.POST, { token: cast.admin.token, json: { email: "fresh@example.com", password: "longenough" } });
    expect(dup.status).toBe(409);
  });

  it("DELETE removes the user", async () => {
    await call(user.DELETE, { method: "DELETE", token: cast.admin.token, params: { id: String(cast.owner.id) } });
    expect(await db.user.count({ where: { id: cast.owner.id } })).toBe(0);
  });
});

describe("GET /api/v1/users lists", () => {
  it("a non-admin sees only themselves", async () => {
    const r = await call(users.GET, { token: cast.owner.token });
    expect(r.body.map((u: { id: number }) => u.id)).toEqual([cast.owner.id]);
    expect(r.headers.get("x-total-count")).toBe("1");
  });

  it("an admin pages, sorts, searches and filters, with X-Total-Count before slicing", async () => {
    await makeUser({ email: "zed@example.com", firstName: "Zoe", active: false });
    await makeUser({ email: "amy@example.com", firstName: "Amy" });
    const all = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users" });
    expect(all.headers.get("x-total-count")).toBe("5");
    expect(all.headers.get("access-control-expose-headers")).toContain("X-Total-Count");
    expect(all.body.map((u: { id: number }) => u.id)).toEqual([...all.body.map((u: { id: number }) => u.id)].sort((a, b) => a - b));

    const page = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?_start=1&_end=3&_sort=email&_order=DESC" });
    expect(page.headers.get("x-total-count")).toBe("5");
    const emails = all.body.map((u: { email: string }) => u.email).sort().reverse();
    expect(page.body.map((u: { email: string }) => u.email)).toEqual(emails.slice(1, 3));

    const q = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?q=zoe" });
    expect(q.body.map((u: { email: string }) => u.email)).toEqual(["zed@example.com"]);
    const inactive = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?is_active=false" });
    expect(inactive.body.map((u: { email: string }) => u.email)).toEqual(["zed@example.com"]);
    const admins = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?is_superuser=true" });
    expect(admins.body.map((u: { id: number }) => u.id)).toEqual([cast.admin.id]);
  });

  it("answers react-admin's getMany (?id=1&id=2) with just those users", async () => {
    const r = await call(users.GET, { token: cast.admin.token, path: `/api/v1/users?id=${cast.owner.id}&id=${cast.other.id}` });
    expect(r.body.map((u: { id: number }) => u.id).sort()).toEqual([cast.owner.id, cast.other.id].sort());
    expect(r.headers.get("x-total-count")).toBe("2");
    const mine = await call(users.GET, { token: cast.owner.token, path: `/api/v1/users?id=${cast.other.id}` });
    expect(mine.body.map((u: { id: number }) => u.id)).toEqual([cast.owner.id]);
    expect((await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?id=abc" })).status).toBe(422);
  });

  it("filters on the other fields of the User object too", async () => {
    await makeUser({ email: "tos@example.com", firstName: "Tosca", acceptedTos: true });
    const tos = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?accepted_tos=true" });
    expect(tos.body.map((u: { email: string }) => u.email)).toEqual(["tos@example.com"]);
    const named = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?first_name=Tosca" });
    expect(named.headers.get("x-total-count")).toBe("1");
  });

  it("refuses an unknown sort field with 422", async () => {
    const r = await call(users.GET, { token: cast.admin.token, path: "/api/v1/users?_sort=hashed_password" });
    expect(r.status).toBe(422);
    expect(r.body.errors[0].path).toBe("_sort");
  });
});

describe("the session cookie", () => {
  it("identifies the same user as the bearer token", async () => {
    const cookie = await sessionCookie(cast.owner.id);
    const r = await call(me.GET, { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(cast.owner.id);
  });

  it("is refused for writes from another site, accepted from our own pages", async () => {
    const cookie = await sessionCookie(cast.owner.id);
    const path = { id: String(cast.owner.id) };
    const noOrigin = await call(user.PUT, { method: "PUT", params: path, json: { first_name: "X" }, headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    const evil = await call(user.PUT, { method: "PUT", params: path, json: { first_name: "X" }, headers: { cookie, origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    const ours = await call(user.PUT, { method: "PUT", params: path, json: { first_name: "X" }, headers: { cookie, origin: "http://foyer.test" } });
    expect(ours.status).toBe(200);
  });

  it("stops working after an expiry, a password change or deactivation", async () => {
    const expired = await sessionCookie(cast.owner.id, { expiresInSeconds: -10 });
    expect((await call(me.GET, { headers: { cookie: expired } })).status).toBe(401);
    const cookie = await sessionCookie(cast.owner.id);
    await db.user.update({ where: { id: cast.owner.id }, data: { tokenVersion: { increment: 1 } } });
    expect((await call(me.GET, { headers: { cookie } })).status).toBe(401);
  });
});
