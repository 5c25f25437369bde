// The pages' Content-Security-Policy, built per request by proxy.ts with a fresh nonce. Next reads
// the nonce from the request's copy of the policy and puts it on its own scripts; the root layout
// gives it to emotion for MUI's <style> tags. No import from the server side: the proxy uses it.

export type CspOptions = {
  nonce: string;
  /** development: React needs eval for its debugging aids, and Next's dev overlay inline styles */
  dev: boolean;
  /** served over https (APP_URL): ask browsers to upgrade any stray http subresource */
  https: boolean;
  /** the origins the page may frame (the dashboards page: the dashboard service); none elsewhere */
  frameSrc: string[];
};

/** A nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy({ nonce, dev, https, frameSrc }: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // 'strict-dynamic': the scripts Next's nonced scripts load are trusted in turn ('self' is for browsers without CSP 3)
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // <style> elements need the nonce (emotion's, Next's); style="" attributes (MUI sets a few when
    // rendering on the server) cannot carry one and stay allowed
    dev ? ["style-src", "'self'", "'unsafe-inline'"] : ["style-src", "'self'", `'nonce-${nonce}'`],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["frame-src", ...(frameSrc.length ? frameSrc : ["'none'"])],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/**
 * The origin of the dashboard service's frames (DASHBOARD_PUBLIC_URL, else DASHBOARD_URL, as
 * lib/services/dashboards says), or null when none is configured or the URL is not http(s).
 */
export function dashboardFrameOrigin(env: { DASHBOARD_PUBLIC_URL?: string; DASHBOARD_URL?: string }): string | null {
  const url = env.DASHBOARD_PUBLIC_URL || env.DASHBOARD_URL;
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}
