// The login page's address, shared by the server's page policy (server/page-policy.ts) and
// the app's session checks (lib/auth/session.ts).

/** The login page, coming back to `path` (a same-site path with its query) afterwards. */
export function loginUrl(/** @type {string} */ path) {
  return path && path !== "/" ? `/login?callbackUrl=${encodeURIComponent(path)}` : "/login";
}
