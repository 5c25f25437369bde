// Client-side access to our own /api with the session cookie; errors carry the server's detail.

export class FetchError extends Error {
  constructor(readonly status: number, message: string, readonly body: unknown) {
    super(message);
  }
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

/** A JSON write (POST, PUT, DELETE) to our API. */
export async function send<T = unknown>(method: "POST" | "PUT" | "DELETE", url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toError(res);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
