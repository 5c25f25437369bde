/**
 * Where to go after logging in: a path on this site (with its query), never another site
 * ("//evil.example", "/\evil.example") and never back to the auth pages themselves; else home.
 */
export function safeCallbackUrl(raw: string | string[] | null | undefined): string {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v || !v.startsWith("/") || v.startsWith("//") || /[\\\u0000-\u001f]/.test(v)) return "/";
  if (/^\/(login|signup|logout)(?:[/?#]|$)/.test(v)) return "/";
  return v;
}
