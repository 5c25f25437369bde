// What the three vendors share: OAuth2 authorization-code flow, token responses, typed errors.
import { z } from "zod";

export type Fetch = typeof fetch;

/** A vendor answered with an error (or something we cannot read). `status` is the vendor's. */
export class VendorError extends Error {
  constructor(
    readonly vendor: string,
    readonly status: number,
    readonly error: string,
    readonly errorDescription: string,
  ) {
    super(`${vendor}: ${status} ${error}: ${errorDescription}`);
    this.name = "VendorError";
  }
}

/** The vendor refused a grant (code or refresh token): the user must link the account again. */
export class VendorGrantRefused extends VendorError {
  constructor(vendor: string, status: number, error: string, errorDescription: string) {
    super(vendor, status, error, errorDescription);
    this.name = "VendorGrantRefused";
  }
}

/** RFC 6749 §5.1, plus Enedis' `usage_points_id` (comma-separated ids granted by the consent). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
  token_type: z.string().optional(),
  scope: z.union([z.string(), z.array(z.string())]).optional(),
  usage_points_id: z.string().optional(),
});
type TokenResponse = z.infer<typeof tokenResponseSchema>;

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; usagePointIds?: string[] };

function toTokenSet(t: TokenResponse, now = Date.now()): TokenSet {
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: t.expires_in ? new Date(now + t.expires_in * 1000) : null,
    usagePointIds: t.usage_points_id ? splitIds(t.usage_points_id) : undefined,
  };
}

export const splitIds = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);

/** OAuth2 error bodies: `{error, error_description}` (RFC 6749) or Netatmo's `{error: {code, message}}`. */
function readVendorError(vendor: string, status: number, body: unknown): VendorError {
  const b = (body ?? {}) as Record<string, unknown>;
  let error = `http_${status}`;
  let description = typeof body === "string" && body ? body.slice(0, 200) : "The vendor answered with an error";
  if (typeof b.error === "string") {
    error = b.error;
    if (typeof b.error_description === "string") description = b.error_description;
  } else if (b.error && typeof b.error === "object") {
    const e = b.error as Record<string, unknown>;
    error = String(e.code ?? error);
    if (typeof e.message === "string") description = e.message;
  } else if (typeof b.message === "string") {
    description = b.message;
  }
  return new VendorError(vendor, status, error, description);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON call to a vendor: network failures and error statuses become VendorError. */
export async function vendorJson(vendor: string, doFetch: Fetch, url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await doFetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new VendorError(vendor, 0, "unreachable", `The ${vendor} service could not be reached (${(err as Error).message})`);
  }
  const body = await readBody(res);
  if (!res.ok) throw readVendorError(vendor, res.status, body);
  return body;
}

/** Validates a vendor's answer; an unexpected shape is the vendor's failure, not ours. */
export function parseVendor<S extends z.ZodType>(vendor: string, schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw new VendorError(vendor, 200, "invalid_response", `The ${vendor} service sent an unexpected answer`);
  return r.data;
}

/** POST to a token endpoint (form body, client credentials in it); a 400/401 grant error is VendorGrantRefused. */
export async function requestToken(vendor: string, doFetch: Fetch, tokenUrl: string, params: Record<string, string>): Promise<TokenSet> {
  try {
    const body = await vendorJson(vendor, doFetch, tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(params).toString(),
    });
    return toTokenSet(parseVendor(vendor, tokenResponseSchema, body));
  } catch (err) {
    if (err instanceof VendorError && (err.status === 400 || err.status === 401) && !(err instanceof VendorGrantRefused)) {
      throw new VendorGrantRefused(vendor, err.status, err.error, err.errorDescription);
    }
    throw err;
  }
}

/** What every vendor client offers to the link/callback/refresh use cases. */
export interface OAuthClient {
  readonly vendor: string;
  readonly sandbox: boolean;
  readonly usesPkce: boolean;
  authorizeUrl(p: { state: string; redirectUri: string; codeChallenge?: string }): string;
  exchangeCode(p: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Whether the vendor documents a revocation endpoint (else its tokens can only be forgotten). */
  readonly revokes: boolean;
  /** RFC 7009: asks the vendor to revoke a token (and, for a refresh token, its grant); VendorError on failure. */
  revoke(token: string, hint: "access_token" | "refresh_token"): Promise<void>;
}
