// The grid partner's access (docs/sharing.md): client credentials issued by an admin (the secret
// shown once, stored as its SHA-256), exchanged for a one-hour bearer token (OAuth 2.0's
// client-credentials grant, RFC 6749 §4.4), checked on every request against the partner's row:
// a revoked or expired partner is refused at once, whatever token it holds. Rate-limited per
// partner. Households appear to a partner under a pseudonym of its own (an HMAC of the partner and
// the household): two partners cannot match their households, and none learns an id.
import crypto from "node:crypto";
import { purposeKey } from "@/lib/crypto";
import { db } from "@/lib/db";
import { DomainError, notFound, unauthenticated } from "@/lib/errors";
import type { Partner } from "@/lib/generated/prisma/client";
import { consume } from "@/lib/services/rate-limit/sliding-window";

const TOKEN_SECONDS = 3600;
/** Requests a partner may make per minute. */
export const PARTNER_PER_MINUTE = 120;
/** How long issued credentials last unless revoked before. */
const CREDENTIAL_DAYS = 365;

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const sign = (payload: string) => b64(crypto.createHmac("sha256", purposeKey("partner-token")).update(payload).digest());

/** A new partner's credentials (admin): the secret is in this answer only. */
export async function createPartner(name: string, now = Date.now()): Promise<{ partner: Partner; clientSecret: string }> {
  const clientSecret = b64(crypto.randomBytes(32));
  const partner = await db.partner.create({
    data: { name, clientId: `foyer-partner-${b64(crypto.randomBytes(12))}`, secretHash: sha256(clientSecret), expiresAt: new Date(now + CREDENTIAL_DAYS * 86_400_000) },
  });
  return { partner, clientSecret };
}

export const listPartners = () => db.partner.findMany({ orderBy: { id: "asc" } });

export async function revokePartner(id: number, now = Date.now()): Promise<Partner> {
  const p = await db.partner.findUnique({ where: { id } });
  if (!p) throw notFound("Partner");
  if (p.revokedAt) return p;
  return db.partner.update({ where: { id }, data: { revokedAt: new Date(now) } });
}

/** Why a partner's credentials no longer hold, or null while they do. */
const lapsed = (p: Partner, now: number): "revoked" | "expired" | null => (p.revokedAt ? "revoked" : p.expiresAt.getTime() <= now ? "expired" : null);

/** Token requests a client address may make per minute (guessing secrets is not a way in). */
const TOKEN_PER_MINUTE = 30;

/** POST /api/partner/token: client_credentials → a bearer token of an hour. */
export async function issueToken(clientId: string, clientSecret: string, ip: string, now = Date.now()): Promise<{ access_token: string; token_type: "bearer"; expires_in: number }> {
  await consume([{ bucket: "partner-token", key: ip, max: TOKEN_PER_MINUTE, windowMs: 60_000 }]);
  const p = await db.partner.findUnique({ where: { clientId } });
  // one answer, and the same work, for an unknown client and a wrong secret
  const ok = crypto.timingSafeEqual(Buffer.from(sha256(clientSecret)), Buffer.from(p?.secretHash ?? "0".repeat(64))) && p !== null;
  if (!ok) throw new DomainError("unauthenticated", "Invalid client credentials", { code: "invalid_client" });
  const why = lapsed(p, now);
  if (why) throw new DomainError("unauthenticated", `These client credentials are ${why}`, { code: "invalid_client" });
  const payload = b64(JSON.stringify({ p: p.id, exp: Math.floor(now / 1000) + TOKEN_SECONDS }));
  return { access_token: `fp1.${payload}.${sign(payload)}`, token_type: "bearer", expires_in: TOKEN_SECONDS };
}

/** The partner a request's bearer token names, if its credentials still hold; one request of its rate. */
export async function partnerOf(req: Request, now = Date.now()): Promise<Partner> {
  const m = /^Bearer\s+fp1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(req.headers.get("authorization") ?? "");
  if (!m) throw unauthenticated("A partner's bearer token is required");
  const [, payload, mac] = m;
  const expected = sign(payload);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw unauthenticated("Invalid token");
  let claims: { p?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw unauthenticated("Invalid token");
  }
  if (typeof claims.p !== "number" || typeof claims.exp !== "number" || claims.exp * 1000 <= now) throw unauthenticated("The token has expired");
  const p = await db.partner.findUnique({ where: { id: claims.p } });
  if (!p) throw unauthenticated("These client credentials are revoked", "partner_revoked");
  const why = lapsed(p, now);
  if (why) throw unauthenticated(`These client credentials are ${why}`, `partner_${why}`);
  await consume([{ bucket: "partner", key: String(p.id), max: PARTNER_PER_MINUTE, windowMs: 60_000 }]);
  await db.partner.update({ where: { id: p.id }, data: { lastUsedAt: new Date(now) } });
  return p;
}

/** A household as a partner knows it: 16 hex characters of its own. */
export const pseudonymOf = (partnerId: number, userId: number) => crypto.createHmac("sha256", purposeKey("partner-pseudonym")).update(`${partnerId}:${userId}`).digest("hex").slice(0, 16);
/** A household's resource (its schedule) as a partner knows it: 8 hex characters of its own, never the name the household gave it. */
export const resourcePseudonymOf = (partnerId: number, scheduleId: number) => crypto.createHmac("sha256", purposeKey("partner-pseudonym")).update(`${partnerId}:resource:${scheduleId}`).digest("hex").slice(0, 8);
