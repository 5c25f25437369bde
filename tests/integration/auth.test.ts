import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { call } from "../helpers/api";
import { mailbox } from "../helpers/integration-setup";
import { makeUser } from "../factories/users";
import { resetTokenFrom } from "../helpers/mailbox";
import { db } from "@/lib/db";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import * as token from "@/app/api/token/route";
import * as signup from "@/app/api/signup/route";
import * as refresh from "@/app/api/token/refresh/route";
import * as recovery from "@/app/api/password-recovery/[email]/route";
import * as reset from "@/app/api/reset-password/route";
import * as me from "@/app/api/v1/users/me/route";
import * as myPassword from "@/app/api/v1/users/me/password/route";
import * as health from "@/app/api/health/route";

const login = (username: string, password: string, ip = "10.0.0.1") =>
  call(token.POST, { path: "/api/token", form: { username, password }, headers: { "x-foyer-client-ip": ip } });

describe("POST /api/signup", () => {
  it("creates an account from a form body and returns a bearer token with the contract's claims", async () => {
    const r = await call(signup.POST, { form: { username: "  New.User@Example.COM ", password: "longenough" } });
    expect(r.status).toBe(200);
    expect(r.body.token_type).toBe("bearer");
    const claims = decodeJwt(r.body.access_token);
    expect(claims).toMatchObject({ email: "new.user@example.com", permissions: "user", accepted_tos: false });
    expect(Number(claims.sub)).toBeGreaterThan(0);
    expect((claims.exp as number) - (claims.iat as number)).toBe(60 * 60);
    const user = await db.user.findUniqueOrThrow({ where: { email: "new.user@example.com" } });
    expect(user.hashedPassword).toMatch(/^\$2[aby]\$/);
  });

  it("accepts JSON too", async () => {
    const r = await call(signup.POST, { json: { username: "json@example.com", password: "longenough" } });
    expect(r.status).toBe(200);
  });

  it("refuses a duplicate e-mail whatever its case with 409", async () => {
    await makeUser({ email: "taken@example.com" });
    const r = await call(signup.POST, { form: { username: "TAKEN@example.com", password: "longenough" } });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ detail: "A user with this email already exists", code: "user_exists" });
  });

  it.each([
    [{ password: "longenough" }, "username", "Email was not provided"],
    [{ username: "a@example.com" }, "password", "Password was not provided"],
    [{ username: "not-an-email", password: "longenough" }, "username", "Enter a valid e-mail address"],
    [{ username: "a@example.com", password: "short" }, "password", "Password must be at least 8 characters"],
    [{ username: "a@example.com", password: "é".repeat(37) }, "password", "Password must be at most 72 bytes"],
  ])("answers 422 for %j", async (form, path, message) => {
    const r = await call(signup.POST, { form: form as Record<string, string> });
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toContainEqual({ path, message });
  });

  it("accepts a password of exactly 72 bytes", async () => {
    const r = await call(signup.POST, { form: { username: "b@example.com", password: "é".repeat(36) } });
    expect(r.status).toBe(200);
  });

  it("allows 30 signups an hour from one client address, then 429 with Retry-After", async () => {
    for (let i = 0; i < 30; i++) {
      const r = await call(signup.POST, { form: { username: `s${i}@example.com`, password: "longenough" }, headers: { "x-foyer-client-ip": "10.9.9.9" } });
      expect(r.status).toBe(200);
    }
    const refused = await call(signup.POST, { form: { username: "s30@example.com", password: "longenough" }, headers: { "x-foyer-client-ip": "10.9.9.9" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(refused.body.detail).toBeTruthy();
    const elsewhere = await call(signup.POST, { form: { username: "s31@example.com", password: "longenough" }, headers: { "x-foyer-client-ip": "10.9.9.10" } });
    expect(elsewhere.status).toBe(200);
  });
});

describe("POST /api/token", () => {
  it("returns a token for the right password, JSON or form", async () => {
    const u = await makeUser({ admin: true });
    const r = await login(u.email.toUpperCase(), u.password);
    expect(r.status).toBe(200);
    expect(decodeJwt(r.body.access_token)).toMatchObject({ sub: String(u.id), permissions: "admin" });
    const j = await call(token.POST, { json: { username: u.email, password: u.password } });
    expect(j.status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const u = await makeUser();
    const wrong = await login(u.email, "wrong-password");
    const unknown = await login("nobody@example.com", "wrong-password");
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ detail: "Incorrect username or password", code: "invalid_credentials" });
      expect(r.headers.get("www-authenticate")).toBe("Bearer");
    }
  });

  it("says Inactive user only after the right password", async () => {
    const u = await makeUser({ active: false });
    expect((await login(u.email, "wrong-password")).status).toBe(401);
    const r = await login(u.email, u.password);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: "Inactive user", code: "inactive_user" });
  });

  it("answers 422 for a missing field and 400 for a malformed body", async () => {
    const r = await call(token.POST, { form: { username: "a@example.com" } });
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe("Email or password was not provided");
    const bad = await call(token.POST, { body: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.detail).toBe("string");
  });

  it("locks an e-mail after 10 failures in the window, even for the right password; refused tries are not counted", async () => {
    const u = await makeUser();
    for (let i = 0; i < 10; i++) expect((await login(u.email, "wrong", `10.1.0.${i}`)).status).toBe(401);
    const locked = await login(u.email, u.password, "10.1.1.1");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    await login(u.email, "wrong", "10.1.1.2");
    expect(await db.rateLimitHit.count({ where: { bucket: "login-email" } })).toBe(10);
    // another account is not affected
    const other = await makeUser();
    expect((await login(other.email, other.password, "10.1.1.3")).status).toBe(200);
  });

  it("locks a client address after 50 failures", async () => {
    const u = await makeUser();
    for (let i = 0; i < 50; i++) expect((await login(`nobody${i}@example.com`, "wrong", "10.2.0.1")).status).toBe(401);
    expect((await login(u.email, u.password, "10.2.0.1")).status).toBe(429);
    expect((await login(u.email, u.password, "10.2.0.2")).status).toBe(200);
  });

  it("lets the window pass: failures older than 15 minutes no longer count", async () => {
    const u = await makeUser();
    for (let i = 0; i < 10; i++) await login(u.email, "wrong");
    await db.rateLimitHit.updateMany({ data: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    expect((await login(u.email, u.password)).status).toBe(200);
  });
});

describe("POST /api/token/refresh", () => {
  it("returns a fresh token with current claims", async () => {
    const u = await makeUser();
    await db.user.update({ where: { id: u.id }, data: { acceptedTos: true, tosVersion: PRIVACY_NOTICE.version } });
    const r = await call(refresh.POST, { method: "POST", token: u.token });
    expect(r.status).toBe(200);
    expect(decodeJwt(r.body.access_token)).toMatchObject({ sub: String(u.id), accepted_tos: true, permissions: "user" });
  });

  it.each([
    ["no credentials", undefined, "Could not validate credentials"],
    ["a garbage token", "garbage", "Could not validate credentials"],
  ])("answers 401 for %s", async (_name, t, detail) => {
    const r = await call(refresh.POST, { method: "POST", token: t });
    expect(r.status).toBe(401);
    expect(r.body.detail).toBe(detail);
    expect(r.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("refuses a token signed with another key or expired", async () => {
    const { SignJWT } = await import("jose");
    const u = await makeUser();
    const forged = await new SignJWT({ email: u.email, permissions: "admin", accepted_tos: true, ver: 0 })
      .setProtectedHeader({ alg: "HS256" }).setSubject(String(u.id)).setIssuedAt().setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(40)));
    expect((await call(refresh.POST, { method: "POST", token: forged })).status).toBe(401);
    const expired = await new SignJWT({ email: u.email, permissions: "user", accepted_tos: false, ver: 0 })
      .setProtectedHeader({ alg: "HS256" }).setSubject(String(u.id)).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(process.env.SECRET_KEY));
    expect((await call(refresh.POST, { method: "POST", token: expired })).status).toBe(401);
  });
});

describe("password recovery and reset", () => {
  it("e-mails a one-time link over SMTP that sets a new password and retires older tokens", async () => {
    const u = await makeUser();
    const r = await call(recovery.POST, { method: "POST", params: { email: u.email.toUpperCase() } });
    expect(r.status).toBe(200);
    const unknown = await call(recovery.POST, { method: "POST", params: { email: "nobody@example.com" } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(r.body);
    expect(typeof r.body.msg).toBe("string");

    const mail = await mailbox.waitFor(u.email);
    expect(mail.text).toContain("http://foyer.test/reset-password?token=");
    const resetToken = resetTokenFrom(mail);
    const stored = await db.passwordResetToken.findFirstOrThrow({ where: { userId: u.id } });
    expect(stored.tokenHash).not.toContain(resetToken);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const weak = await call(reset.POST, { json: { token: resetToken, new_password: "short" } });
    expect(weak.status).toBe(422);
    const ok = await call(reset.POST, { json: { token: resetToken, new_password: "brand-new-password" } });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.msg).toBe("string");

    expect((await call(me.GET, { token: u.token })).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, "brand-new-password")).status).toBe(200);
    const again = await call(reset.POST, { json: { token: resetToken, new_password: "another-password" } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: "Invalid or expired token", code: "invalid_reset_token" });
    expect(mailbox.messages.filter((m) => m.to.includes("nobody@example.com"))).toHaveLength(0);
  });

  it("refuses an expired or unknown token", async () => {
    const u = await makeUser();
    await call(recovery.POST, { method: "POST", params: { email: u.email } });
    const t = resetTokenFrom(await mailbox.waitFor(u.email));
    await db.passwordResetToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(reset.POST, { json: { token: t, new_password: "brand-new-password" } })).status).toBe(400);
    expect((await call(reset.POST, { json: { token: "made-up", new_password: "brand-new-password" } })).status).toBe(400);
  });

  it("limits recovery requests to 30 an hour from one client address", async () => {
    for (let i = 0; i < 30; i++) {
      expect((await call(recovery.POST, { method: "POST", params: { email: `x${i}@example.com` }, headers: { "x-foyer-client-ip": "10.3.0.1" } })).status).toBe(200);
    }
    const r = await call(recovery.POST, { method: "POST", params: { email: "x@example.com" }, headers: { "x-foyer-client-ip": "10.3.0.1" } });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBeTruthy();
  });
});

describe("POST /api/v1/users/me/password", () => {
  it("needs the current password, checks the new one, and retires older tokens", async () => {
    const u = await makeUser();
    const wrong = await call(myPassword.POST, { token: u.token, json: { current_password: "nope", new_password: "brand-new-password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Incorrect password", code: "incorrect_password" });
    const weak = await call(myPassword.POST, { token: u.token, json: { current_password: u.password, new_password: "short" } });
    expect(weak.status).toBe(422);
    const ok = await call(myPassword.POST, { token: u.token, json: { current_password: u.password, new_password: "brand-new-password" } });
    expect(ok.status).toBe(200);
    expect((await call(me.GET, { token: u.token })).status).toBe(401);
    const fresh = await login(u.email, "brand-new-password");
    expect((await call(me.GET, { token: fresh.body.access_token })).status).toBe(200);
  });
});

describe("tokens of deactivated and deleted users", () => {
  it("stop working", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await db.user.update({ where: { id: a.id }, data: { isActive: false } });
    await db.user.delete({ where: { id: b.id } });
    expect((await call(me.GET, { token: a.token })).status).toBe(401);
    expect((await call(me.GET, { token: b.token })).status).toBe(401);
  });
});

describe("GET /api/health", () => {
  it("reports the database", async () => {
    const res = await health.GET();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });
});
