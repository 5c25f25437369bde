// Every way an Enedis Data Connect call can fail, as one error with a `kind` the sync acts on.
// Enedis answers `{code, message}` (2026 APIs), still `{error: "ADAM-ERR0123", error_description}`
// for some measure errors, WSO2 gateway errors `{code: "900908", message, description}`, and
// HTML pages during outages.
import { VendorError } from "../oauth";

export type LinkyErrorKind =
  /** 429 "SLA dépassé": too many calls; back off and retry */
  | "rate_limited"
  /** 403 "Le client n'est pas titulaire du point demandé": consent withdrawn or expired; relink, stop */
  | "consent"
  /** 404 "Pas de mesure trouvée", or the ADAM-ERR shape: the vendor has nothing for that period */
  | "no_data"
  /** 403 900908, or the application's own credentials refused: the operator must act */
  | "not_subscribed"
  /** 400: our request was wrong (dates, range, PRM) */
  | "bad_request"
  /** 5xx, HTML, network failure, timeout: retry later */
  | "unavailable"
  /** an answer we cannot read */
  | "malformed";

export class LinkyError extends VendorError {
  constructor(
    readonly kind: LinkyErrorKind,
    status: number,
    code: string,
    message: string,
    /** from the vendor's Retry-After, when it sent one */
    readonly retryAfterMs: number | null = null,
  ) {
    super("linky", status, code, message);
    this.name = "LinkyError";
  }

  /** Whether calling again later may succeed (the sync retries these with backoff). */
  get retryable() {
    return this.kind === "rate_limited" || this.kind === "unavailable";
  }
}

/** Old measure codes that mean "our parameters were wrong" rather than "nothing there". */
const ADAM_PARAMETER_CODES = new Set(["ADAM-ERR0002"]);

const looksLikeHtml = (contentType: string | null, text: string) => /html|xml/i.test(contentType ?? "") || /^\s*</.test(text);

function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

/**
 * The LinkyError an answer stands for, or null when it is a readable success (2xx JSON). `text`
 * is the body as received; nothing in it is trusted to have any shape.
 */
export function classifyLinkyAnswer(
  status: number,
  text: string,
  contentType: string | null,
  retryAfter?: string | null,
  now = Date.now(),
): LinkyError | null {
  const html = looksLikeHtml(contentType, text);
  if (status >= 200 && status < 300 && !html) return null;
  const snippet = text.replace(/\s+/g, " ").trim().slice(0, 200);
  if (html) return new LinkyError("unavailable", status, `http_${status}`, `Enedis answered with a web page instead of data (${snippet.slice(0, 80)})`);

  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // a plain-text error: classified by its status alone
  }
  // 2026: {code, message}; the gateway adds description; the old shape: {error, error_description}
  const nested = body.error && typeof body.error === "object" ? (body.error as Record<string, unknown>) : undefined;
  const code = str(body.code) ?? str(body.error) ?? str(nested?.code) ?? `http_${status}`;
  const message = str(body.message)?.trim() || str(body.error_description) || str(nested?.message) || str(body.description) || snippet || `HTTP ${status}`;
  const all = `${code} ${message} ${str(body.description) ?? ""}`;

  if (status === 429 || /SLA d[ée]pass/i.test(all)) return new LinkyError("rate_limited", status, code, message, retryAfterMs(retryAfter, now));
  if (status >= 500) return new LinkyError("unavailable", status, code, message);
  if (/^ADAM-/i.test(code)) return new LinkyError(ADAM_PARAMETER_CODES.has(code.toUpperCase()) ? "bad_request" : "no_data", status, code, message);
  if (status === 403) {
    if (code === "900908" || /subscription/i.test(all)) return new LinkyError("not_subscribed", status, code, message);
    return new LinkyError("consent", status, code, message);
  }
  if (status === 401) return new LinkyError("not_subscribed", status, code, message);
  if (status === 404) return new LinkyError("no_data", status, code, message);
  if (status === 400 || status === 422) return new LinkyError("bad_request", status, code, message);
  if (status === 408) return new LinkyError("unavailable", status, code, message);
  if (status >= 200 && status < 300) return null;
  // 3xx (a redirect to a login or maintenance page) and anything else unexpected
  return new LinkyError("unavailable", status, code, message);
}

/** A failure to reach Enedis at all: network error or our time limit. */
export function unreachable(err: unknown, timeoutMs: number): LinkyError {
  const e = err as Error;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return new LinkyError("unavailable", 0, "timeout", `Enedis did not answer within ${Math.round(timeoutMs / 1000)} s`);
  return new LinkyError("unavailable", 0, "unreachable", `Enedis could not be reached (${e?.message ?? String(err)})`);
}

/** An answer that is not what the Swagger describes. */
export const malformed = (status: number, what: string) => new LinkyError("malformed", status, "invalid_response", `Enedis sent an unexpected answer (${what})`);
