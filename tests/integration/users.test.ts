import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { sessionCookie } from "../helpers/session";
import { DEFAULT_PASSWORD, makeCast, makeUser } from "../factories/users";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { db } from "@/lib/db";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import * as users from "@/app/api/v1/users/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as me from "@/app/api/v1/users/me/route";
import * as acceptTos from "@/app/api/v1/users/me/accept_tos/route";
import * as deletion from "@/app/api/v1/users/me/deletion/route";
import * as deleteMe from "@/app/api/v1/users/me/delete/route";
import * as email from "@/app/api/v1/users/me/email/route";
import * as password from "@/app/api/v1/users/me/password/route";
import * as refresh from "@/app/api/token/refresh/route";
import { decodeJwt } from "jose";

let cast: Cast;
beforeEach(async () => {
  cast = await makeCast();
});

describe("who may do what on /api/v1/users", () => {
  const owner = () => ({ id: String(cast.owner.id) });
  const newUser = { email: "n@example.com", password: "longenough" };
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/users/me", name: "GET me", run: (t) => call(me.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/users/me/accept_tos", name: "accept_tos", run: (t) => call(acceptTos.POST, { method: "POST", token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/users", name: "list", run: (t) => call(users.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/users", name: "create", run: (t) => call(users.POST, { token: t, json: newUser }), expect: { anon: 401, owner: 403, other: 403, admin: 201 } },
    { route: "POST /api/v1/users", name: "create invalid", run: (t) => call(users.POST, { token: t, json: { email: "bad", password: "longenough" } }), expect: { owner: 403, admin: 422 } },
    { route: "GET /api/v1/users/[id]", name: "get owner", run: (t) => call(user.GET, { token: t, params: owner() }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/users/[id]", name: "get missing", run: (t) => call(user.GET, { token: t, params: { id: "999999" } }), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/users/[id]", name: "get non-numeric", run: (t) => call(user.GET, { token: t, params: { id: "abc" } }), expect: { admin: 404 } },
    { route: "PUT /api/v1/users/[id]", name: "put owner names", run: (t) => call(user.PUT, { token: t, method: "PUT", params: owner(), json: { first_name: "A" } }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "PUT /api/v1/users/[id]", name: "put owner as superuser", run: (t) => call(user.PUT, { token: t, method: "PUT", params: owner(), json: { is_superuser: true } }), expect: { owner: 403, other: 404, admin: 200 } },
    { route: "PUT /api/v1/users/[id]", name: "put owner's e-mail", run: (t) => call(user.PUT, { token: t, method: "PUT", params: owner(), json: { email: "taken-over@example.com" } }), expect: { owner: 403, other: 404, admin: 200 } },
    { route: "PUT /api/v1/users/[id]", name: "put bad body", run: (t) => call(user.PUT, { token: t, method: "PUT", params: owner(), json: { first_name: 12 } }), expect: { owner: 422, admin: 422 } },
    { route: "PUT /api/v1/users/[id]", name: "put not json", run: (t) => call(user.PUT, { token: t, method: "PUT", params: owner(), body: "x", headers: { "content-type": "text/plain" } }), expect: { owner: 400 } },
    { route: "DELETE /api/v1/users/[id]", name: "delete owner", run: (t) => call(user.DELETE, { token: t, method: "DELETE", params: owner() }), expect: { anon: 401, owner: 403, other: 403, admin: 204 } },
    { route: "DELETE /api/v1/users/[id]", name: "delete missing", run: (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: "999999" } }), expect: { owner: 403, admin: 404 } },
    { route: "DELETE /api/v1/users/[id]", name: "delete self", run: (t) => call(user.DELETE, { token: t, method: "DELETE", params: { id: String(cast.admin.id) } }), expect: { admin: 403 } },
    { route: "POST /api/token/refresh", name: "refresh token", run: (t) => call(refresh.POST, { method: "POST", token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    // the /me routes act on the caller: another household or an admin reaches only their own account
    { route: "GET /api/v1/users/me/deletion", name: "deletion summary", run: (t) => call(deletion.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/users/me/password", name: "change password", run: (t) => call(password.POST, { token: t, json: { current_password: DEFAULT_PASSWORD, new_password: "another-long-one-7" } }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/users/me/password", name: "change password, wrong current one", run: (t) => call(password.POST, { token: t, json: { current_password: "not-mine-at-all", new_password: "another-long-one-7" } }), expect: { owner: 400 } },
    { route: "POST /api/v1/users/me/email", name: "change e-mail", run: (t) => call(email.POST, { token: t, json: { password: DEFAULT_PASSWORD, new_email: "renamed@example.com" } }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/users/me/email", name: "change e-mail to the owner's", run: (t) => call(email.POST, { token: t, json: { password: DEFAULT_PASSWORD, new_email: cast.owner.email } }), expect: { other: 409 } },
    // the cast's admin is the only one: an account the community cannot be run without stays
    { route: "POST /api/v1/users/me/delete", name: "delete my account", run: (t) => call(deleteMe.POST, { token: t, json: { password: DEFAULT_PASSWORD } }), expect: { anon: 401, owner: 204, other: 204, admin: 403 } },
    { route: "POST /api/v1/users/me/delete", name: "delete my account, wrong password", run: (t) => call(deleteMe.POST, { token: t, json: { password: "not-mine-at-all" } }), expect: { owner: 400 } },
  ];
  permissionTable(rows, () => cast);

  it("a /me change by another household leaves the owner's account as it was", async () => {
    await call(email.POST, { token: cast.other.token, json: { password: DEFAULT_PASSWORD, new_email: "other-renamed@example.com" } });
    expect((await call(password.POST, { token: cast.other.token, json: { current_password: DEFAULT_PASSWORD, new_password: "another-long-one-7" } })).status).toBe(200);
    const other = await makeUser();
    expect((await call(deleteMe.POST, { token: other.token, json: { password: DEFAULT_PASSWORD } })).status).toBe(204);
    const row = await db.user.findUniqueOrThrow({ where: { id: cast.owner.id } });
    expect(row).toMatchObject({ email: cast.owner.email, tokenVersion: 0 });
    expect((await call(me.GET, { token: cast.owner.token })).status).toBe(200);
    expect(await db.user.count({ where: { id: other.id } })).toBe(0);
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
    expect(dup.body).toEqual({ detail: "A user with this email already exists", code: "user_exists" });
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
