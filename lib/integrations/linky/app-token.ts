// The application token the Data Connect 2026 data APIs take: client_credentials at
// POST /oauth2/v3/token, one per process and application, reused until shortly before it expires
// and fetched once however many calls want it at the same moment. The household's consent
// (authorize → callback with usage_point_id) is what lets this token read that household's PRM.
import type { VendorConfig } from "../config";
import { tokenResponseSchema } from "../oauth";
import { classifyLinkyAnswer, LinkyError, malformed, unreachable } from "./errors";

/** Renew when less than this is left (Enedis' tokens live 3.5 hours). */
const RENEW_BEFORE_MS = 60_000;
/** When the token endpoint says no lifetime. */
const DEFAULT_LIFETIME_S = 3_600;

type Entry = { token?: string; expiresAt: number; pending?: Promise<string> };
const tokens = new Map<string, Entry>();
const keyOf = (c: VendorConfig) => `${c.tokenUrl}\n${c.clientId}`;

/** The application's token for `config`, fetched or renewed when needed. */
export async function applicationToken(config: VendorConfig, opts: { now?: () => number; timeoutMs?: number } = {}): Promise<string> {
  const now = opts.now ?? Date.now;
  const key = keyOf(config);
  const entry = tokens.get(key) ?? { expiresAt: 0 };
  tokens.set(key, entry);
  if (entry.token && entry.expiresAt - now() > RENEW_BEFORE_MS) return entry.token;
  entry.pending ??= requestApplicationToken(config, now, opts.timeoutMs ?? 15_000)
    .then(({ token, expiresAt }) => {
      entry.token = token;
      entry.expiresAt = expiresAt;
      return token;
    })
    .finally(() => {
      entry.pending = undefined;
    });
  return entry.pending;
}

/** Forgets a token the API refused (401), so that the next call fetches a new one. */
export function forgetApplicationToken(config: VendorConfig, token?: string) {
  const entry = tokens.get(keyOf(config));
  if (entry && (!token || entry.token === token)) {
    entry.token = undefined;
    entry.expiresAt = 0;
  }
}

/** Tests: start from no token at all. */
export function resetApplicationTokens() {
  tokens.clear();
}

async function requestApplicationToken(config: VendorConfig, now: () => number, timeoutMs: number): Promise<{ token: string; expiresAt: number }> {
  let res: Response;
  try {
    res = await config.fetch(config.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: config.clientId, client_secret: config.clientSecret }).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw unreachable(err, timeoutMs);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw unreachable(err, timeoutMs);
  }
  const failure = classifyLinkyAnswer(res.status, text, res.headers.get("content-type"), res.headers.get("retry-after"));
  if (failure) {
    // the application's own credentials refused (invalid_client, unauthorized_client): not a
    // household's consent, and no retry fixes it
    if (failure.status === 400 || failure.status === 401 || failure.status === 403) {
      throw new LinkyError("not_subscribed", failure.status, failure.error, `Enedis refused the application's credentials: ${failure.errorDescription}`);
    }
    throw failure;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed(res.status, "the token answer is not JSON");
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw malformed(res.status, "the token answer has no access_token");
  return { token: parsed.data.access_token, expiresAt: now() + (parsed.data.expires_in ?? DEFAULT_LIFETIME_S) * 1000 };
}
