// A forgotten password: the recovery e-mail with a one-time link (only its SHA-256 is stored), the
// new password set through it, and the sweep of tokens that can no longer be used.
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { badRequest } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { consume } from "@/lib/services/rate-limit/sliding-window";
import { sendMail } from "@/lib/email/transport";
import { passwordResetMessage } from "@/lib/email/messages";
import type { Locale } from "@/lib/shared/locale.mjs";

const MINUTE = 60_000;
const RECOVERY_MESSAGE = "If an account exists for this e-mail, a password recovery e-mail has been sent";

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

async function hourlyLimit(bucket: string, ip: string, max: number) {
  await consume([{ bucket, key: ip, max, windowMs: 60 * MINUTE }]);
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

/** A reset token that can still set a password: not used, not expired, its user active. */
const usable = (row: { usedAt: Date | null; expiresAt: Date; user: { isActive: boolean } } | null) =>
  Boolean(row && !row.usedAt && row.expiresAt >= new Date() && row.user.isActive);
const findResetToken = (tokenHash: string) =>
  db.passwordResetToken.findUnique({ where: { tokenHash }, select: { usedAt: true, expiresAt: true, user: { select: { isActive: true } } } });

/**
 * POST /api/reset-password/: a valid token (unused, under an hour old) sets the new password,
 * retires every token issued before, and cannot be used again. Limited per client; the token is
 * checked before any password hashing, so that a flood of bad tokens costs no bcrypt work.
 */
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
