// Integrations (vendor accounts): linking through each vendor's OAuth2 consent, the tokens kept
// encrypted and refreshed here (they never leave this module), and the data calls made with them.
import { resolveCaller, type Caller } from "@/lib/auth/caller";
import { decryptSecret, encryptSecret, pkceChallenge, randomToken, sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { attachMeters, deleteMetersIn, queueSyncSoon, stopMetersOf, type MetersRemoved } from "@/lib/services/meters/meters";
import { logInfo, logWarn } from "@/lib/log";
import { env } from "@/lib/env";
import { Prisma, type Integration, type IntegrationName } from "@/lib/generated/prisma/client";
import { DomainError, invalid, notFound } from "@/lib/errors";
import { legrandClient, linkyClient, netatmoClient, oauthClient } from "@/lib/integrations";
import { callbackUrl, vendorOf } from "@/lib/integrations/config";
import type { CurveKind } from "@/lib/integrations/linky/client";
import { splitIds, VendorError, VendorGrantRefused, type OAuthClient, type TokenSet } from "@/lib/integrations/oauth";
import { ownedBy } from "@/lib/services/access";
import { integrationNameSchema, type LinkyCurveQuery } from "@/lib/validation/integration";
import { bindingCookie, browserHashOf, matchesBrowser, newBrowserNonce, readBindingNonces } from "./browser-binding";

const SUMMARY = { id: true, name: true, resource: true, needsRelink: true, sandbox: true, createdAt: true, updatedAt: true } as const;

/** The caller's own integrations (also for an admin: a device links to its owner's), never their tokens. */
export async function listIntegrations(caller: Caller) {
  return db.integration.findMany({ where: { userId: caller.id }, select: SUMMARY, orderBy: { id: "asc" } });
}
export type IntegrationSummary = Awaited<ReturnType<typeof listIntegrations>>[number];

export type UnlinkOptions = { deleteData?: boolean };

/**
 * Unlinks: the vendor is asked to revoke the tokens where it documents a revocation (Enedis),
 * then the row and its tokens are gone; devices that named it keep no integration. Its meters
 * stop syncing and keep their history, or, with `deleteData`, are deleted with their readings
 * and jobs. Someone else's integration is not found (an admin may unlink anyone's).
 */
export async function deleteIntegration(caller: Caller, id: number, opts: UnlinkOptions = {}) {
  const owned = await db.integration.findFirst({ where: { id, ...ownedBy(caller, "userId") }, select: { id: true } });
  if (!owned) throw notFound("Integration");
  const revocation = await revokeVendorTokens({ id });
  let removed: MetersRemoved | null = null;
  if (opts.deleteData) {
    removed = await db.$transaction(
      async (tx) => {
        const meters = await tx.meter.findMany({ where: { integrationId: id }, select: { id: true } });
        const r = await deleteMetersIn(tx, meters.map((m) => m.id));
        const { count } = await tx.integration.deleteMany({ where: { id, ...ownedBy(caller, "userId") } });
        if (!count) throw notFound("Integration");
        return r;
      },
      { timeout: 90_000 },
    );
  } else {
    // its meters stop syncing and their queued work goes; their history stays
    await stopMetersOf(id);
    const { count } = await db.integration.deleteMany({ where: { id, ...ownedBy(caller, "userId") } });
    if (!count) throw notFound("Integration");
  }
  logInfo({ event: "integration_unlinked", integration: id, data: opts.deleteData ? "deleted" : "kept", meters_deleted: removed?.meters ?? 0, readings_deleted: removed?.readings ?? 0, ...revocation });
}

/** Whether unlinking this integration asks its vendor to revoke the tokens (else they are only forgotten). */
export function vendorRevokes(i: { name: IntegrationName; sandbox: boolean }): boolean {
  const client = oauthClient(vendorOf(i.name));
  return client.revokes && client.sandbox === i.sandbox;
}

/** What became of vendor tokens: revoked at the vendor, or only forgotten (no revocation, or it failed). */
export type Revocation = { revoked: number; forgotten: number; revoke_failed: number };

/**
 * Asks each vendor to revoke the tokens of these integrations (RFC 7009; only Enedis documents
 * it), refresh token first (it ends the grant), then the access token, all integrations at once.
 * A vendor that fails or cannot be reached does not stop the caller: it is logged (vendor,
 * integration id and the vendor's error code, never a token) and the tokens are forgotten with
 * the row anyway. Tokens made through the sandbox are not sent to the real vendor, nor the
 * other way round.
 */
export async function revokeVendorTokens(where: { id: number } | { userId: number }): Promise<Revocation> {
  const rows = await db.integration.findMany({ where, select: { id: true, name: true, sandbox: true, accessTokenEnc: true, refreshTokenEnc: true } });
  const out: Revocation = { revoked: 0, forgotten: 0, revoke_failed: 0 };
  await Promise.all(
    rows.map(async (row) => {
      const tokens = [
        row.refreshTokenEnc ? { enc: row.refreshTokenEnc, hint: "refresh_token" as const } : null,
        row.accessTokenEnc ? { enc: row.accessTokenEnc, hint: "access_token" as const } : null,
      ].filter((t) => t !== null);
      if (!tokens.length) return;
      const client = oauthClient(vendorOf(row.name));
      if (!vendorRevokes(row)) {
        out.forgotten += 1;
        return;
      }
      try {
        for (const t of tokens) await client.revoke(decryptSecret(t.enc), t.hint);
        out.revoked += 1;
      } catch (err) {
        out.revoke_failed += 1;
        const e = err instanceof VendorError ? { status: err.status, error: err.error.slice(0, 100) } : { error: err instanceof Error ? err.name : "unknown" };
        logWarn({ event: "vendor_revoke_failed", vendor: client.vendor, integration: row.id, ...e });
      }
    }),
  );
  return out;
}

/** An integration name from the path; anything else is not a vendor we know (404). */
export function integrationNameOrThrow(raw: string | undefined): IntegrationName {
  const r = integrationNameSchema.safeParse(raw);
  if (!r.success) throw notFound("Integration vendor");
  return r.data;
}

const STATE_MINUTES = 10;
const redirectUriOf = (name: IntegrationName) => callbackUrl(env().APP_URL, name);

/**
 * The vendor's consent URL for the caller: a random `state` (only its SHA-256 is stored) bound to
 * the caller, the vendor and the asking browser for 10 minutes, with a PKCE verifier when the
 * vendor takes one. `cookie` is the Set-Cookie that binds the browser (browser-binding.ts).
 */
export async function createLink(caller: Caller, name: IntegrationName): Promise<{ link: string; cookie: string }> {
  const client = oauthClient(vendorOf(name));
  const state = randomToken();
  const verifier = client.usesPkce ? randomToken(48) : null;
  const nonce = newBrowserNonce();
  const now = Date.now();
  // expired states are purged off the request path (lib/server/maintenance.ts)
  await db.oAuthState.create({
    data: {
      stateHash: sha256Hex(state),
      userId: caller.id,
      vendor: name,
      codeVerifier: verifier ? encryptSecret(verifier) : null,
      browserHash: browserHashOf(nonce),
      expiresAt: new Date(now + STATE_MINUTES * 60_000),
    },
  });
  return {
    link: client.authorizeUrl({ state, redirectUri: redirectUriOf(name), codeChallenge: verifier ? pkceChallenge(verifier) : undefined }),
    cookie: bindingCookie(name, nonce, STATE_MINUTES * 60),
  };
}

/** Forgets consents in flight that have expired (run by the maintenance loop, off the request path). */
export async function purgeExpiredStates(now = Date.now()): Promise<number> {
  const { count } = await db.oAuthState.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  return count;
}

export type CallbackOutcome = { ok: true; created: boolean } | { ok: false; reason: string };

/** The vendor's redirect back, read leniently: a missing or empty parameter is absent (never a 422). */
export type CallbackQuery = { code?: string; state?: string; error?: string; usage_point_id?: string };
export function readCallbackQuery(req: Request): CallbackQuery {
  const q = new URL(req.url).searchParams;
  const one = (k: string) => q.get(k) || undefined;
  return { code: one("code"), state: one("state"), error: one("error"), usage_point_id: one("usage_point_id") };
}

/** Who comes back: the binding cookie's nonces, and the signed-in user if the request has a session. */
export type CallbackBrowser = { nonces: string[]; caller: Caller | null };
export async function callbackBrowser(req: Request, name: IntegrationName): Promise<CallbackBrowser> {
  return { nonces: readBindingNonces(req, name), caller: await resolveCaller(req) };
}

/** Consumes a state once: whoever presents it first gets its row, nobody after. */
async function takeState(state: string) {
  try {
    return await db.oAuthState.delete({ where: { stateHash: sha256Hex(state) } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025") return null;
    throw err;
  }
}

/** Enedis' usage point ids (PRM) are 14 digits. */
const USAGE_POINT = /^\d{14}$/;

/**
 * The vendor's redirect back: the state (used once) names the user, and is accepted only from
 * the browser that asked for the link and, when that browser is signed in, for that same user;
 * the code is traded for tokens; the user's integration of that name is created or updated. Any
 * failure stores nothing and says why.
 */
export async function completeLink(name: IntegrationName, q: CallbackQuery, browser: CallbackBrowser): Promise<CallbackOutcome> {
  if (!q.state) return { ok: false, reason: q.error === "access_denied" ? "access_denied" : "missing_state" };
  const row = await takeState(q.state);
  if (!row || row.vendor !== name) return { ok: false, reason: "invalid_state" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired_state" };
  // consent phishing: someone else's consent URL completed in this browser
  if (!matchesBrowser(browser.nonces, row.browserHash)) return { ok: false, reason: "browser_mismatch" };
  if (browser.caller && browser.caller.id !== row.userId) return { ok: false, reason: "account_mismatch" };
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
    const ids = (tokens.usagePointIds ?? splitIds(q.usage_point_id ?? "")).filter((id) => USAGE_POINT.test(id));
    if (!ids.length) return { ok: false, reason: "no_usage_point" };
    resource = ids.join(",");
  }
  const data = { resource, ...sealed(tokens), needsRelink: false, sandbox: client.sandbox };
  const outcome = await db.$transaction(async (tx) => {
    const existing = await tx.integration.findUnique({ where: { userId_name: { userId: row.userId, name } }, select: { id: true } });
    const saved = await tx.integration.upsert({ where: { userId_name: { userId: row.userId, name } }, create: { userId: row.userId, name, ...data }, update: data, select: { id: true } });
    // Linky: each usage point becomes (or is again) a meter whose history starts to sync
    const meterIds = resource ? await attachMeters(tx, row.userId, saved.id, resource.split(","), client.sandbox) : [];
    return { ok: true as const, created: !existing, meterIds };
  });
  queueSyncSoon(outcome.meterIds);
  return { ok: true, created: outcome.created };
}

function sealed(t: TokenSet, keepRefresh?: string | null) {
  const refresh = t.refreshToken ?? keepRefresh ?? null;
  return { accessTokenEnc: encryptSecret(t.accessToken), refreshTokenEnc: refresh ? encryptSecret(refresh) : null, tokenExpiresAt: t.expiresAt };
}

const LABEL: Record<IntegrationName, string> = { linky: "Linky", legrand: "Legrand", legrand_up: "Legrand", netatmo: "Netatmo" };

function relinkError(name: IntegrationName) {
  const description = `The ${LABEL[name]} account must be linked again: the vendor no longer accepts our access`;
  return new DomainError("conflict", description, { body: { results: { error: "needs_relink", error_description: description } } });
}

/** 502 with the vendor's own error, as the Linky calls' contract shows it. */
function vendorFailure(err: VendorError) {
  return new DomainError("upstream", `The ${LABEL[err.vendor as IntegrationName] ?? err.vendor} service answered with an error`, {
    body: { results: { error: err.error, error_description: err.errorDescription } },
  });
}

async function markRelink(id: number) {
  await db.integration.update({ where: { id }, data: { needsRelink: true } });
}

/** How long before expiry a token is refreshed rather than used. */
const REFRESH_MARGIN_MS = 120_000;
const expiresSoon = (i: Pick<Integration, "tokenExpiresAt">) => {
  const expires = i.tokenExpiresAt?.getTime();
  return expires !== undefined && expires - Date.now() <= REFRESH_MARGIN_MS;
};

/**
 * How long a refresh may hold its integration's row lock: the vendor call (15 s at most, see
 * vendorJson) plus the database's own round trips. The pool's shorter statement, lock and idle
 * timeouts are raised for that one transaction only.
 */
const REFRESH_HOLD_MS = 20_000;

/**
 * A usable access token for the integration: refreshed first when it expires within two minutes;
 * a refresh the vendor refuses (or tokens from the other side of sandbox/real) marks it
 * needsRelink and answers 409.
 */
async function accessTokenFor(integration: Integration, client: OAuthClient): Promise<string> {
  if (integration.needsRelink || !integration.accessTokenEnc) throw relinkError(integration.name);
  if (integration.sandbox !== client.sandbox) {
    await markRelink(integration.id);
    throw relinkError(integration.name);
  }
  if (!expiresSoon(integration)) return decryptSecret(integration.accessTokenEnc);
  const refreshed = await refreshOnce(integration.id, client);
  if (!refreshed) throw relinkError(integration.name);
  return refreshed;
}

/**
 * Single flight per integration: vendors that rotate refresh tokens refuse one sent twice, so
 * concurrent requests near expiry (two tabs) must not both send it. The row lock (SELECT ... FOR
 * UPDATE) makes the second wait for the first; it then re-reads the tokens, finds them fresh and
 * uses them. Returns the access token, or null when the integration must be linked again (its
 * needsRelink is committed).
 */
async function refreshOnce(id: number, client: OAuthClient): Promise<string | null> {
  return db.$transaction(
    async (tx) => {
      const hold = `${REFRESH_HOLD_MS}ms`;
      await tx.$queryRaw`SELECT set_config('lock_timeout', ${hold}, true), set_config('statement_timeout', ${hold}, true),
        set_config('idle_in_transaction_session_timeout', ${hold}, true)`;
      await tx.$queryRaw`SELECT id FROM integrations WHERE id = ${id} FOR UPDATE`;
      const row = await tx.integration.findUnique({ where: { id } });
      // unlinked meanwhile, or already refused by the request we waited for
      if (!row || row.needsRelink || !row.accessTokenEnc) return null;
      if (!expiresSoon(row)) return decryptSecret(row.accessTokenEnc);
      const relink = async () => {
        await tx.integration.update({ where: { id }, data: { needsRelink: true } });
        return null;
      };
      if (!row.refreshTokenEnc) return relink();
      const refreshToken = decryptSecret(row.refreshTokenEnc);
      let tokens: TokenSet;
      try {
        tokens = await client.refresh(refreshToken);
      } catch (err) {
        if (err instanceof VendorGrantRefused) return relink();
        if (err instanceof VendorError) throw vendorFailure(err);
        throw err;
      }
      await tx.integration.update({ where: { id }, data: sealed(tokens, refreshToken) });
      return tokens.accessToken;
    },
    { timeout: REFRESH_HOLD_MS + 5_000 },
  );
}

async function ownIntegrationOrThrow(caller: Caller, names: IntegrationName[], what: string) {
  const found = await db.integration.findMany({ where: { userId: caller.id, name: { in: names } }, orderBy: { id: "asc" } });
  const integration = names.map((n) => found.find((i) => i.name === n)).find(Boolean);
  if (!integration) throw new DomainError("not_found", `You have no ${what} integration: link your ${what} account first`);
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
function curvePeriod(q: LinkyCurveQuery, now = Date.now()) {
  if (q.start && q.end) return { start: q.start, end: q.end };
  return { start: day(now - 7 * 86_400_000), end: day(now) };
}

/** A 30-minute load curve of one of the caller's Linky meters. */
export async function getLinkyCurve(caller: Caller, meter: string, kind: CurveKind, q: LinkyCurveQuery) {
  if (!meter.trim()) throw invalid([{ path: "meter", message: "You did not send the linkyMeter param" }]);
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
