// Signing in: the e-mail and password checked under the brute-force limits, the access token of a
// login, a sign-up and a refresh, and the password confirmed again before an irreversible change.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isUniqueViolation } from "@/lib/db/constraints";
import { badRequest, conflict, forbidden, unauthenticated } from "@/lib/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";
import { createAccessToken } from "@/lib/auth/tokens";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";
import type { Caller } from "@/lib/auth/caller";
import { consume, refund, type Limit } from "@/lib/services/rate-limit/sliding-window";

const MINUTE = 60_000;
export const USER_EXISTS = "A user with this email already exists";

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
  if (!user || !valid) throw unauthenticated("Incorrect username or password", "invalid_credentials");
  await refund(hits);
  if (!user.isActive) throw forbidden("Inactive user", "inactive_user");
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

/** POST /api/signup: creates a user and returns its first access token. */
export async function signup(email: string, password: string, ip: string) {
  await consume([{ bucket: "signup-client", key: ip, max: env().SIGNUP_MAX_PER_HOUR, windowMs: 60 * MINUTE }]);
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

