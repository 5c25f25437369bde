// One browser in the OAuth dance, as our routes see it: the cookies the link's answer sets (path
// /api/integrations/) and, optionally, a next-auth session, both sent back on the callback.
import * as callback from "@/app/api/integrations/[id]/callback/route";
import * as link from "@/app/api/integrations/[id]/link/route";
import { call, type CallResult } from "./api";

export class OAuthBrowser {
  /** cookies set by our /api/integrations/ answers, by name */
  readonly jar = new Map<string, string>();

  /** @param session a `next-auth.session-token=...` cookie (tests/helpers/session.ts), if signed in */
  constructor(public session?: string) {}

  get cookieHeader(): string | undefined {
    const all = [...this.jar].map(([k, v]) => `${k}=${v}`);
    if (this.session) all.push(this.session);
    return all.length ? all.join("; ") : undefined;
  }

  /** Keeps what Set-Cookie says, as a browser would: an empty value or Max-Age=0 removes it. */
  private keep(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const i = pair.indexOf("=");
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (!value || attributes.some((a) => /^max-age=0$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private headers(): Record<string, string> {
    const cookie = this.cookieHeader;
    return cookie ? { cookie } : {};
  }

  /** GET /api/integrations/{name}/link, with a bearer token or else this browser's session. */
  async link(name: string, token?: string): Promise<CallResult> {
    const r = await call(link.GET, { token, params: { id: name }, path: `/api/integrations/${name}/link`, headers: this.headers() });
    this.keep(r.headers);
    return r;
  }

  /** The vendor's redirect back to our callback, followed by this browser. */
  async back(name: string, search: string): Promise<CallResult> {
    const r = await call(callback.GET, { path: `/api/integrations/${name}/callback${search}`, params: { id: name }, headers: this.headers() });
    this.keep(r.headers);
    return r;
  }
}
