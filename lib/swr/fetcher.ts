// Client-side access to our own /api with the session cookie; errors carry the server's detail.

export class FetchError extends Error {
  /** the answer's machine-readable `code` (docs/api-decisions.md, "Error codes"), if any */
  readonly code: string | null;
  constructor(readonly status: number, message: string, readonly body: unknown) {
    super(message);
    const code = body && typeof body === "object" ? (body as { code?: unknown }).code : undefined;
    this.code = typeof code === "string" ? code : null;
  }
}

/** What the user reads when a request cannot even be sent (offline, server down). */
export const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

/**
 * The one sentence a client component shows for a failure: the server's `detail` (a FetchError's
 * message), the unreachable server for a failed fetch, any other error's own message, else `fallback`.
 */
export function errorMessage(err: unknown, fallback = "Something went wrong, please try again."): string {
  if (err instanceof FetchError) return err.message;
  if (err instanceof TypeError) return UNREACHABLE;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** The field messages of a 422 answer (`errors: [{path, message}]`), first message per path. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof FetchError) || err.status !== 422) return out;
  const errors = (err.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return out;
  for (const e of errors) {
    if (e && typeof e === "object" && typeof e.path === "string" && typeof e.message === "string" && !(e.path in out)) out[e.path] = e.message;
  }
  return out;
}

async function toError(res: Response): Promise<FetchError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {}
  const detail = body && typeof body === "object" && "detail" in body ? String((body as { detail: unknown }).detail) : `Request failed (${res.status})`;
  return new FetchError(res.status, detail, body);
}

/** SWR's fetcher: GET a JSON resource. */
export async function fetcher<T = unknown>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!res.ok) throw await toError(res);
  return res.json() as Promise<T>;
}

/** A JSON write (POST, PUT, PATCH, DELETE) to our API. */
export async function send<T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toError(res);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
