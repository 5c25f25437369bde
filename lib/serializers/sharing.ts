// Real-time sharing's answers (docs/sharing.md).
import type { Partner } from "@/lib/generated/prisma/client";
import type { accessLogOf, ConsentState } from "@/lib/services/sharing/consent";

export function toConsentView(c: ConsentState) {
  return {
    given: c.given,
    version: c.version,
    at: c.at?.toISOString() ?? null,
    current_version: c.currentVersion,
    history: c.history.map((h) => ({ given: h.given, version: h.version, at: h.at.toISOString() })),
  };
}
export type ConsentView = ReturnType<typeof toConsentView>;

export function toAccessLogView(r: Awaited<ReturnType<typeof accessLogOf>>[number]) {
  return { partner: r.partner.name, what: r.what, at: r.at.toISOString() };
}
export type AccessLogView = ReturnType<typeof toAccessLogView>;

export function toPartnerView(p: Partner, now = Date.now()) {
  return {
    id: p.id,
    name: p.name,
    client_id: p.clientId,
    created_at: p.createdAt.toISOString(),
    expires_at: p.expiresAt.toISOString(),
    revoked_at: p.revokedAt?.toISOString() ?? null,
    last_used_at: p.lastUsedAt?.toISOString() ?? null,
    status: p.revokedAt ? "revoked" : p.expiresAt.getTime() <= now ? "expired" : "active",
  };
}
export type PartnerView = ReturnType<typeof toPartnerView>;
