// Integrations (vendor accounts): linking through each vendor's OAuth2 consent, the tokens kept
// encrypted and refreshed here (they never leave this module), and the data calls made with them.
import type { Caller } from "@/lib/auth/caller";
import { decryptSecret, encryptSecret, pkceChallenge, randomToken, sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma, type Integration, type IntegrationName } from "@/lib/generated/prisma/client";
import { ApiError, notFound, unprocessable } from "@/lib/http/errors";
import { legrandClient, linkyClient, netatmoClient, oauthClient } from "@/lib/integrations";
import { vendorOf } from "@/lib/integrations/config";
import type { CurveKind } from "@/lib/integrations/linky/client";
import { splitIds, VendorError, VendorGrantRefused, type OAuthClient, type TokenSet } from "@/lib/integrations/oauth";
import { ownedBy } from "@/lib/services/access";
import { integrationNameSchema, type LinkyCurveQuery } from "@/lib/validation/integration";

const SUMMARY = { id: true, name: true, resource: true, needsRelink: true, sandbox: true, createdAt: true, updatedAt: true } as const;

/** The caller's own integrations (also for an admin: a device links to its owner's), never their tokens. */
export async function listIntegrations(caller: Caller) {
  return db.integration.findMany({ where: { userId: caller.id }, select: SUMMARY, orderBy: { id: "asc" } });
}
export type IntegrationSummary = Awaited<ReturnType<typeof listIntegrations>>[number];

/** Unlinks: the row and its tokens are gone; devices that named it keep no integration. */
export async function deleteIntegration(caller: Caller, id: number) {
  const { count } = await db.integration.deleteMany({ where: { id, ...ownedBy(caller, "userId") } });
  if (!count) throw notFound("Integration");
}

/** An integration name from the path; anything else is not a vendor we know (404). */
export function integrationNameOrThrow(raw: string | undefined): IntegrationName {
  const r = integrationNameSchema.safeParse(raw);
  if (!r.success) throw notFound("Integration vendor");
  return r.data;
}

const STATE_MINUTES = 10;
export const redirectUriOf = (name: IntegrationName) => `${env().APP_URL.replace(/\/$/, "")}/api/integrations/${name}/callback`;

/**
 * The vendor's consent URL for the caller: a random `state` (only its SHA-256 is stored) bound to
 * the caller and the vendor for 10 minutes, with a PKCE verifier when the vendor takes one.
 */
export async function createLink(caller: Caller, name: IntegrationName): Promise<string> {
  const client = oauthClient(vendorOf(name));
  const state = randomToken();
  const verifier = client.usesPkce ? randomToken(48) : null;
  const now = Date.now();
  await db.$transaction([
    db.oAuthState.deleteMany({ where: { expiresAt: { lt: new Date(now) } } }),
    db.oAuthState.create({
      data: {
        stateHash: sha256Hex(state),
        userId: caller.id,
        vendor: name,
        codeVerifier: verifier ? encryptSecret(verifier) : null,
        expiresAt: new Date(now + STATE_MINUTES * 60_000),
      },
    }),
  ]);
  return client.authorizeUrl({ state, redirectUri: redirectUriOf(name), codeChallenge: verifier ? pkceChallenge(verifier) : undefined });
}

export type CallbackOutcome = { ok: true; created: boolean } | { ok: false; reason: string };

/** Consumes a state once: whoever presents it first gets its row, nobody after. */
async function takeState(state: string) {
  try {
    return await db.oAuthState.delete({ where: { stateHash: sha256Hex(state) } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025") return null;
    throw err;
  }
}

/**
 * The vendor's redirect back: the state names the user (the browser arrives without our
 * session's guarantee); the code is traded for tokens; the user's integration of that name is
 * created or updated. Any failure stores nothing and says why.
 */
export async function completeLink(
  name: IntegrationName,
  q: { code?: string; state?: string; error?: string; usage_point_id?: string },
): Promise<CallbackOutcome> {
  if (!q.state) return { ok: false, reason: q.error === "access_denied" ? "access_denied" : "missing_state" };
  const row = await takeState(q.state);
  if (!row || row.vendor !== name) return { ok: false, reason: "invalid_state" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired_state" };
  if (q.error) return { ok: false, reason: q.error === "access_denied" ? "access_denied" : "vendor_error" };
  if (!q.code) return { ok: false, reason: "missing_code" };

  const client = oauthClient(vendorOf(name));
  let tokens: TokenSet;
  try {
    tokens = await client.exchangeCode({ code: q.code, redirectUri: redirectUriOf(name), codeVerifier: row.codeVerifier ? decryptSecret(row.codeVerifier) : undefined });
  } catch (err) {
    if (err instanceof VendorError) return { ok: false, reason: "token_exchange_failed" };
    throw err;
  }
  let resource: string | null = null;
  if (name === "linky") {
    const ids = tokens.usagePointIds ?? splitIds(q.usage_point_id ?? "");
    if (!ids.length) return { ok: false, reason: "no_usage_point" };
    resource = ids.join(",");
  }
  const data = { resource, ...sealed(tokens), needsRelink: false, sandbox: client.sandbox };
  return db.$transaction(async (tx) => {
    const existing = await tx.integration.findUnique({ where: { userId_name: { userId: row.userId, name } }, select: { id: true } });
    await tx.integration.upsert({ where: { userId_name: { userId: row.userId, name } }, create: { userId: row.userId, name, ...data }, update: data });
    return { ok: true as const, created: !existing };
  });
}

function sealed(t: TokenSet, keepRefresh?: string | null) {
  const refresh = t.refreshToken ?? keepRefresh ?? null;
  return { accessTokenEnc: encryptSecret(t.accessToken), refreshTokenEnc: refresh ? encryptSecret(refresh) : null, tokenExpiresAt: t.expiresAt };
}

const LABEL: Record<IntegrationName, string> = { linky: "Linky", legrand: "Legrand", legrand_up: "Legrand", netatmo: "Netatmo" };

function relinkError(name: IntegrationName) {
  const description = `The ${LABEL[name]} account must be linked again: the vendor no longer accepts our access`;
  return new ApiError(409, description, { body: { results: { error: "needs_relink", error_description: description } } });
}

/** 502 with the vendor's own error, as the Linky calls' contract shows it. */
export function vendorFailure(err: VendorError) {
  return new ApiError(502, `The ${LABEL[err.vendor as IntegrationName] ?? err.vendor} service answered with an error`, {
    body: { results: { error: err.error, error_description: err.errorDescription } },
  });
}

async function markRelink(id: number) {
  await db.integration.update({ where: { id }, data: { needsRelink: true } });
}

/** Seconds before expiry at which a token is refreshed rather than used. */
const REFRESH_MARGIN_MS = 120_000;

/**
 * A usable access token for the integration: refreshed first when it expires within two minutes;
 * a refresh the vendor refuses (or tokens from the other side of sandbox/real) marks it
 * needsRelink and answers 409.
 */
export async function accessTokenFor(integration: Integration, client: OAuthClient): Promise<string> {
  if (integration.needsRelink || !integration.accessTokenEnc) throw relinkError(integration.name);
  if (integration.sandbox !== client.sandbox) {
    await markRelink(integration.id);
    throw relinkError(integration.name);
  }
  const expires = integration.tokenExpiresAt?.getTime();
  if (expires === undefined || expires - Date.now() > REFRESH_MARGIN_MS) return decryptSecret(integration.accessTokenEnc);
  if (!integration.refreshTokenEnc) {
    await markRelink(integration.id);
    throw relinkError(integration.name);
  }
  const refreshToken = decryptSecret(integration.refreshTokenEnc);
  let tokens: TokenSet;
  try {
    tokens = await client.refresh(refreshToken);
  } catch (err) {
    if (err instanceof VendorGrantRefused) {
      await markRelink(integration.id);
      throw relinkError(integration.name);
    }
    if (err instanceof VendorError) throw vendorFailure(err);
    throw err;
  }
  await db.integration.update({ where: { id: integration.id }, data: sealed(tokens, refreshToken) });
  return tokens.accessToken;
}

async function ownIntegrationOrThrow(caller: Caller, names: IntegrationName[], what: string) {
  const found = await db.integration.findMany({ where: { userId: caller.id, name: { in: names } }, orderBy: { id: "asc" } });
  const integration = names.map((n) => found.find((i) => i.name === n)).find(Boolean);
  if (!integration) throw new ApiError(404, `You have no ${what} integration: link your ${what} account first`);
  return integration;
}

async function vendorCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof VendorError) throw vendorFailure(err);
    throw err;
  }
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The period of a load curve: the query's, or the last 7 days (today excluded, as Enedis counts). */
export function curvePeriod(q: LinkyCurveQuery, now = Date.now()) {
  if (q.start && q.end) return { start: q.start, end: q.end };
  return { start: day(now - 7 * 86_400_000), end: day(now) };
}

/** A 30-minute load curve of one of the caller's Linky meters. */
export async function getLinkyCurve(caller: Caller, meter: string, kind: CurveKind, q: LinkyCurveQuery) {
  if (!meter.trim()) throw unprocessable([{ path: "meter", message: "You did not send the linkyMeter param" }]);
  const integration = await ownIntegrationOrThrow(caller, ["linky"], "Linky");
  if (!splitIds(integration.resource ?? "").includes(meter)) throw notFound("Meter");
  const { start, end } = curvePeriod(q);
  const client = linkyClient();
  const token = await accessTokenFor(integration, client);
  const meterReading = await vendorCall(() => client.loadCurve(token, kind, meter, start, end));
  return { results: { meter_reading: meterReading }, sandbox: integration.sandbox };
}

/** The caller's Legrand plants (a legrand account, else a legrand_up one). */
export async function getLegrandPlants(caller: Caller) {
  const integration = await ownIntegrationOrThrow(caller, ["legrand", "legrand_up"], "Legrand");
  const client = legrandClient();
  const token = await accessTokenFor(integration, client);
  return { results: await vendorCall(() => client.plants(token)), sandbox: integration.sandbox };
}

/** The caller's Netatmo homes, as /api/homesdata's body. */
export async function getNetatmoHomes(caller: Caller) {
  const integration = await ownIntegrationOrThrow(caller, ["netatmo"], "Netatmo");
  const client = netatmoClient();
  const token = await accessTokenFor(integration, client);
  return { results: await vendorCall(() => client.homesData(token)), sandbox: integration.sandbox };
}
