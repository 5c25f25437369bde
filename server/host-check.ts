// Tells the operator, once per address, when requests arrive for a host other than APP_URL's: a
// household signed in at http://192.168.1.20:3000 while APP_URL says http://localhost:3000 is sent
// to localhost by every e-mail link and by the vendors after linking an account, where it has no
// session. (The login, sign-up and integrations pages say it to the user too.)

/** At most this many addresses are reported (a client sending random Host headers fills no log). */
const MAX_REPORTED = 20;

/** The host a request was made for: the proxy's X-Forwarded-Host when there is one, else Host; lowercase. */
import type http from "node:http";

export function requestHost(req: Pick<http.IncomingMessage, "headers">): string {
  const raw = req.headers["x-forwarded-host"] ?? req.headers.host ?? "";
  return String(Array.isArray(raw) ? raw[0] : raw).split(",")[0].trim().toLowerCase();
}

/** `check(req)`: logs once per host that is not APP_URL's. */
export function createHostCheck(appUrl: string, log: (line: string) => void = (line) => console.warn(line)) {
  const canonical = new URL(appUrl).host.toLowerCase();
  const seen = new Set<string>();
  return function check(req: Pick<http.IncomingMessage, "headers">): void {
    const host = requestHost(req);
    if (!host || host === canonical || seen.has(host) || seen.size >= MAX_REPORTED) return;
    seen.add(host);
    log(
      `[foyer] requests arrive for ${host}, but APP_URL is ${appUrl}: e-mail links and account linking lead there, ` +
        `where a session opened at ${host} does not exist. Set APP_URL to the address people use (the pages tell them meanwhile).`,
    );
  };
}
