// Limits that hold under abuse: parallel logins, a forged X-Forwarded-For, floods of password
// work; tokens and sessions that end when they should.
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// real bcrypt cost for this file (the other files use 4 for speed), a small hashing queue and a
// reset limit high enough for the flood; read once by lib/env.ts on first use
Object.assign(process.env, { BCRYPT_ROUNDS: "10", BCRYPT_QUEUE_MAX: "24", RESET_MAX_PER_HOUR: "1000" });

const { SignJWT } = await import("jose");
const { encode } = await import("next-auth/jwt");
const { call } = await import("../helpers/api");
const { makeUser } = await import("../factories/users");
const { db } = await import("@/lib/db");
const token = await import("@/app/api/token/route");
const reset = await import("@/app/api/reset-password/route");
const me = await import("@/app/api/v1/users/me/route");
const user = await import("@/app/api/v1/users/[id]/route");
const { asBrowserSessionCookies } = await import("@/lib/auth/session-cookie");
const { REFUSED_CLIENT_HEADER } = await import("@/lib/shared/refusals.mjs");

const login = (username: string, password: string, headers: Record<string, string> = { "x-foyer-client-ip": "10.1.0.1" }) =>
  call(token.POST, { path: "/api/token", form: { username, password }, headers });
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

describe("login limits under concurrency", () => {
  it("lets no more than the limit of 30 parallel wrong passwords reach the password check", async () => {
    const u = await makeUser();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(u.email, "wrong-password")));
    const statuses = answers.map((a) => a.status).sort();
    // 401 comes only after the bcrypt comparison: exactly the limit (10 per e-mail) got there
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
      // the e-mail's limit, not the client's: other accounts from this client are not refused, so
      // the server in front must not refuse the client's next logins itself
      expect(a.headers.get(REFUSED_CLIENT_HEADER)).toBeNull();
    }
    expect(await db.rateLimitHit.count({ where: { bucket: "login-email", key: u.email } })).toBe(10);
    // the right password is refused too until the window passes
    expect((await login(u.email, u.password)).status).toBe(429);
  });

  it("gives the attempt back when the password was right", async () => {
    const u = await makeUser();
    for (let i = 0; i < 3; i++) expect((await login(u.email, "wrong-password")).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
    expect(await db.rateLimitHit.count({ where: { bucket: "login-email", key: u.email } })).toBe(3);
  });

  it("keys the limit on the TCP peer whatever X-Forwarded-For says (no proxy is trusted by default)", async () => {
    const emails = Array.from({ length: 51 }, (_, i) => `nobody${i}@example.com`);
    for (let i = 0; i < 50; i++) {
      const r = await login(emails[i], "wrong-password", { "x-foyer-client-ip": "10.7.0.1", "x-forwarded-for": `198.51.100.${i}` });
      expect(r.status).toBe(401);
    }
    const r = await login(emails[50], "wrong-password", { "x-foyer-client-ip": "10.7.0.1", "x-forwarded-for": "203.0.113.77" });
    expect(r.status).toBe(429);
    // the client's own limit: the server in front refuses its next logins itself for a while (at most 2 s)
    const hold = Number(r.headers.get(REFUSED_CLIENT_HEADER));
    expect(hold).toBeGreaterThan(0);
    expect(hold).toBeLessThanOrEqual(2000);
    // and so does the app from its memory, saying so again
    const again = await login(emails[0], "wrong-password", { "x-foyer-client-ip": "10.7.0.1" });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get(REFUSED_CLIENT_HEADER))).toBeGreaterThan(0);
    const keys = await db.rateLimitHit.findMany({ where: { bucket: "login-client" }, distinct: ["key"], select: { key: true } });
    expect(keys).toEqual([{ key: "10.7.0.1" }]);
  });
});

describe("password work off the event loop", () => {
  it("checks a reset token before hashing, and limits resets per client", async () => {
    const t = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(reset.POST, { json: { token: "no-such-token", new_password: "a-new-password" }, headers: { "x-foyer-client-ip": "10.8.0.1" } })));
    expect(answers.every((a) => a.status === 400 && a.body.detail === "Invalid or expired token")).toBe(true);
    // 20 bcrypt hashes at cost 10 would take seconds on one worker; a token lookup takes milliseconds
    expect(performance.now() - t).toBeLessThan(1500);
    expect(await db.rateLimitHit.count({ where: { bucket: "reset-client", key: "10.8.0.1" } })).toBe(20);
  });

  it("keeps the event loop free while a flood of resets hashes passwords (bcrypt on the worker pool)", async () => {
    // bcryptjs as this thread would run it: the pool's workers load their own copy, so any call
    // seen here is a hash or a comparison on the event loop
    const bcrypt = (await import("bcryptjs")).default;
    const onLoop = ["hash", "hashSync", "compare", "compareSync", "genSalt", "genSaltSync"].map((m) => vi.spyOn(bcrypt, m as "hash"));
    const reader = await makeUser();
    const users = await Promise.all(Array.from({ length: 16 }, () => makeUser()));
    const tokens = users.map(() => crypto.randomBytes(32).toString("base64url"));
    await db.passwordResetToken.createMany({
      data: users.map((u, i) => ({ userId: u.id, tokenHash: sha256(tokens[i]), expiresAt: new Date(Date.now() + 3_600_000) })),
    });
    const flood = Promise.all(tokens.map((tk, i) => call(reset.POST, { json: { token: tk, new_password: `new-password-${i}` }, headers: { "x-foyer-client-ip": "10.9.0.1" } })));
    const reads: number[] = [];
    let done = false;
    void flood.then(() => (done = true));
    while (!done) {
      const t = performance.now();
      expect((await call(me.GET, { token: reader.token })).status).toBe(200);
      reads.push(performance.now() - t);
    }
    const results = await flood;
    expect(results.map((r) => r.status)).toEqual(tokens.map(() => 200));
    // the 16 cost-10 hashes ran on the worker pool, none on the event loop, and reads went on
    // meanwhile. How fast those reads stay is a speed figure: bench:load's (README), not a test's.
    expect(onLoop.map((s) => s.mock.calls.length)).toEqual(onLoop.map(() => 0));
    expect(reads.length).toBeGreaterThan(3);
    onLoop.forEach((s) => s.mockRestore());
  });

  it("answers 503 with Retry-After past the hashing queue's bound, never 500", async () => {
    // 60 logins for 60 e-mails from 60 addresses: no rate limit applies, each needs a bcrypt comparison
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`flood${i}@example.com`, "wrong", { "x-foyer-client-ip": `10.10.${i}.1` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    // the queue holds 24 and the pool runs a few: the rest were shed at once
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(60 - 24 - 4);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(24);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(typeof a.body.detail).toBe("string");
    }
  });
});

describe("tokens and sessions", () => {
  it("ends a deactivated user's tokens for good: reactivation does not revive them", async () => {
    const admin = await makeUser({ admin: true });
    const u = await makeUser();
    expect((await call(me.GET, { token: u.token })).status).toBe(200);
    const off = await call(user.PUT, { token: admin.token, params: { id: String(u.id) }, method: "PUT", json: { is_active: false } });
    expect(off.status).toBe(200);
    expect((await call(me.GET, { token: u.token })).status).toBe(401);
    expect((await call(user.PUT, { token: admin.token, params: { id: String(u.id) }, method: "PUT", json: { is_active: true } })).status).toBe(200);
    expect((await call(me.GET, { token: u.token })).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("refuses a token signed with the real key but without exp", async () => {
    const u = await makeUser();
    const row = await db.user.findUniqueOrThrow({ where: { id: u.id } });
    const noExp = await new SignJWT({ email: u.email, permissions: "user", accepted_tos: false, ver: row.tokenVersion })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(u.id))
      .setIssuedAt()
      .sign(new TextEncoder().encode(process.env.SECRET_KEY!));
    const r = await call(me.GET, { token: noExp });
    expect(r.status).toBe(401);
    expect(r.body.detail).toBe("Could not validate credentials");
  });

  it("marks authenticated answers and tokens as not storable", async () => {
    const u = await makeUser();
    expect((await call(me.GET, { token: u.token })).headers.get("cache-control")).toBe("no-store");
    expect((await call(me.GET, {})).headers.get("cache-control")).toBe("no-store");
    expect((await login(u.email, u.password)).headers.get("cache-control")).toBe("no-store");
  });

  it("gives a session without 'Remember me' a browser-session cookie, and keeps a remembered one's lifetime", async () => {
    const cookieFor = async (seconds: number) => {
      const value = await encode({ token: { uid: 1, ver: 0, sessionExpires: Math.floor(Date.now() / 1000) + seconds }, secret: process.env.SECRET_KEY! });
      const headers = new Headers();
      headers.append("set-cookie", `next-auth.session-token=${value}; Path=/; Expires=${new Date(Date.now() + 14 * 86_400_000).toUTCString()}; HttpOnly; SameSite=Lax`);
      headers.append("set-cookie", "next-auth.csrf-token=abc; Path=/; HttpOnly; SameSite=Lax");
      const res = await asBrowserSessionCookies(new Response("{}", { headers }));
      return res.headers.getSetCookie();
    };
    const plain = await cookieFor(12 * 3600);
    expect(plain[0]).toMatch(/^next-auth\.session-token=/);
    expect(plain[0]).not.toMatch(/expires|max-age/i);
    expect(plain[0]).toMatch(/HttpOnly/);
    expect(plain[1]).toBe("next-auth.csrf-token=abc; Path=/; HttpOnly; SameSite=Lax");
    const remembered = await cookieFor(14 * 86400);
    expect(remembered[0]).toMatch(/Expires=/);
  });
});
