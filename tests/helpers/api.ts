// Calls route handlers the way Next does: a real Request, params as a Promise.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
};

export type CallResult<T = any> = { status: number; body: T; headers: Headers };

export async function call<T = any>(handler: Handler, o: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(o.headers);
  let body: string | undefined = o.body;
  if (o.token) headers.set("authorization", `Bearer ${o.token}`);
  if (o.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(o.json);
  }
  if (o.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(o.form).toString();
  }
  const method = o.method ?? (body !== undefined ? "POST" : "GET");
  const req = new Request(`http://foyer.test${o.path ?? "/"}`, { method, headers, body });
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
