import crypto from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, badRequest, conflict, isUniqueViolation } from "@/lib/http/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";
import { createAccessToken } from "@/lib/auth/tokens";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";
import type { Caller } from "@/lib/auth/caller";
import { consume, refund, type Limit } from "@/lib/services/rate-limit";
import { sendMail } from "@/lib/email/transport";
import { passwordResetMessage } from "@/lib/email/messages";
import type { Locale } from "@/lib/i18n/messages";

const MINUTE = 60_000;
const RECOVERY_MESSAGE = "If an account exists for this e-mail, a password recovery e-mail has been sent";
export const USER_EXISTS = "A user with this email already exists";

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

function loginLimits(email: string, ip: string): Limit[] {
  const e = env();
  const windowMs = e.LOGIN_WINDOW_MINUTES * MINUTE;
  return [
    { bucket: "login-email", key: email, max: e.LOGIN_MAX_FAILURES_PER_EMAIL, windowMs },
    { bucket: "login-client", key: ip, max: e.LOGIN_MAX_FAILURES_PER_CLIENT, windowMs },
  ];
}

/**
 * Checks an e-mail and password: 429 while the brute-force limits hold (even for the right
 * password), 401 for an unknown e-mail or a wrong password alike (same body, same bcrypt work),
 * 403 for an inactive account (only after the right password). Each attempt takes its place in
 * the limits before the password is checked (so parallel attempts cannot pass the limit
 * together) and gives it back when the password was right.
 */
export async function authenticate(emailInput: string, password: string, ip: string) {
  const email = emailInput.trim().toLowerCase();
  const hits = await consume(loginLimits(email, ip));
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, hashedPassword: true, isActive: true, isSuperuser: true, acceptedTos: true, tosVersion: true, tokenVersion: true },
  });
  const valid = user ? await verifyPassword(password, user.hashedPassword) : (await verifyAgainstDummy(password), false);
  if (!user || !valid) throw new ApiError(401, "Incorrect username or password", { code: "invalid_credentials", headers: { "WWW-Authenticate": "Bearer" } });
  await refund(hits);
  if (!user.isActive) throw new ApiError(403, "Inactive user", { code: "inactive_user" });
  const { hashedPassword: _hash, tosVersion: _version, ...safe } = user;
  return { ...safe, acceptedTos: acceptedCurrentNotice(user) };
}

/**
 * Checks the signed-in user's own password before an irreversible change (deleting the account,
 * a new e-mail): 400 `Incorrect password` as the password change says it, limited like logins
 * (per user and per client address, the login's numbers and window; 429 with Retry-After),
 * an attempt given back when the password was right.
 */
export async function confirmPassword(userId: number, password: string, ip: string): Promise<void> {
  const e = env();
  const windowMs = e.LOGIN_WINDOW_MINUTES * MINUTE;
  const hits = await consume([
    { bucket: "reauth-user", key: String(userId), max: e.LOGIN_MAX_FAILURES_PER_EMAIL, windowMs },
    { bucket: "login-client", key: ip, max: e.LOGIN_MAX_FAILURES_PER_CLIENT, windowMs },
  ]);
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { hashedPassword: true } });
  if (!(await verifyPassword(password, row.hashedPassword))) throw badRequest("Incorrect password", "incorrect_password");
  await refund(hits);
}

/** POST /api/token */
export async function login(email: string, password: string, ip: string) {
  return createAccessToken(await authenticate(email, password, ip));
}

async function hourlyLimit(bucket: string, ip: string, max: number) {
  await consume([{ bucket, key: ip, max, windowMs: 60 * MINUTE }]);
}

/** POST /api/signup: creates a user and returns its first access token. */
export async function signup(email: string, password: string, ip: string) {
  await hourlyLimit("signup-client", ip, env().SIGNUP_MAX_PER_HOUR);
  try {
    const user = await db.user.create({
      data: { email, hashedPassword: await hashPassword(password) },
      select: { id: true, email: true, isSuperuser: true, acceptedTos: true, tokenVersion: true },
    });
    return createAccessToken(user);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(USER_EXISTS, "user_exists");
    throw e;
  }
}

/** POST /api/token/refresh: a fresh token with the caller's current claims. */
export async function refreshToken(caller: Caller) {
  return createAccessToken(caller);
}

/**
 * POST /api/password-recovery/{email}: the same answer whether or not the account exists; the
 * e-mail goes out in the background so that the timing does not tell either, in `locale` (the
 * language of the page that asked).
 */
export async function requestPasswordRecovery(emailInput: string, ip: string, locale: Locale = "en"): Promise<string> {
  await hourlyLimit("recovery-client", ip, env().RECOVERY_MAX_PER_HOUR);
  const email = emailInput.trim().toLowerCase();
  void sendRecoveryEmail(email, locale).catch((err) => console.error("[foyer] password recovery e-mail failed:", err));
  return RECOVERY_MESSAGE;
}

async function sendRecoveryEmail(email: string, locale: Locale) {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, isActive: true } });
  if (!user || !user.isActive) return;
  const token = crypto.randomBytes(32).toString("base64url");
  const minutes = env().PASSWORD_RESET_MINUTES;
  await db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + minutes * MINUTE) },
  });
  const link = `${env().APP_URL.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(passwordResetMessage({ to: user.email, link, minutes, locale }));
}

/**
 * POST /api/reset-password/: a valid token (unused, under an hour old) sets the new password,
 * retires every token issued before, and cannot be used again. Limited per client; the token is
 * checked before any password hashing, so that a flood of bad tokens costs no bcrypt work.
 */
/** A reset token that can still set a password: not used, not expired, its user active. */
const usable = (row: { usedAt: Date | null; expiresAt: Date; user: { isActive: boolean } } | null) =>
  Boolean(row && !row.usedAt && row.expiresAt >= new Date() && row.user.isActive);
const findResetToken = (tokenHash: string) =>
  db.passwordResetToken.findUnique({ where: { tokenHash }, select: { usedAt: true, expiresAt: true, user: { select: { isActive: true } } } });

export async function resetPassword(token: string, newPassword: string, ip: string): Promise<string> {
  await hourlyLimit("reset-client", ip, env().RESET_MAX_PER_HOUR);
  const tokenHash = sha256(token);
  if (!usable(await findResetToken(tokenHash))) throw badRequest("Invalid or expired token", "invalid_reset_token");
  const hashed = await hashPassword(newPassword);
  const done = await db.$transaction(async (tx) => {
    const row = await tx.passwordResetToken.findUnique({ where: { tokenHash }, include: { user: { select: { isActive: true } } } });
    if (!row || !usable(row)) return false;
    // claim the token atomically: a second request racing with this one finds it used
    const claimed = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count !== 1) return false;
    await tx.user.update({ where: { id: row.userId }, data: { hashedPassword: hashed, tokenVersion: { increment: 1 } } });
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: new Date() } });
    return true;
  });
  if (!done) throw badRequest("Invalid or expired token", "invalid_reset_token");
  return "Password updated successfully";
}

/** Forgets reset tokens that can no longer be used (run by the maintenance loop). */
export async function purgeResetTokens(now = Date.now()): Promise<number> {
  const { count } = await db.passwordResetToken.deleteMany({
    where: { OR: [{ expiresAt: { lt: new Date(now) } }, { usedAt: { not: null } }] },
  });
  return count;
}
