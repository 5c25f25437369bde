// Calls route handlers the way Next does: a real Request, params as a Promise.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Who calls: a bearer access token, or a signed-in browser's next-auth session cookie
 * (tests/helpers/session.ts). A browser's write carries its page's Origin: this app's unless `origin`
 * says otherwise (a cross-site page).
 */
export type Auth = string | { cookie: string; origin?: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type CallOptions = {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  token?: Auth;
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
};

export type CallResult<T = any> = { status: number; body: T; headers: Headers };

export async function call<T = any>(handler: Handler, o: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(o.headers);
  let body: string | undefined = o.body;
  if (o.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(o.json);
  }
  if (o.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(o.form).toString();
  }
  const method = o.method ?? (body !== undefined ? "POST" : "GET");
  const url = `http://foyer.test${o.path ?? "/"}`;
  if (typeof o.token === "string") {
    if (o.token) headers.set("authorization", `Bearer ${o.token}`);
  } else if (o.token) {
    const cookies = headers.get("cookie");
    headers.set("cookie", cookies ? `${cookies}; ${o.token.cookie}` : o.token.cookie);
    if (!SAFE_METHODS.has(method) && !headers.has("origin")) headers.set("origin", o.token.origin ?? new URL(url).origin);
  }
  const req = new Request(url, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(o.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
