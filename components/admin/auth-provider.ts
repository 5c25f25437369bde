"use client";
// The back-office signs in as the rest of the app does: the next-auth session's httpOnly cookie,
// sent by the browser with every same-origin call (no token in the page's storage for a script
// to read). /admin itself is served to a signed-in admin only (app/admin/page.tsx, requireAdmin);
// this provider tells react-admin who that is, ends the back-office when the session ends, and
// signs in again through next-auth after a logout.
import type { AuthProvider } from "react-admin";
import { signIn, signOut } from "next-auth/react";

type Me = { id: number; email: string; first_name: string | null; last_name: string | null; is_superuser: boolean };

let me: Promise<Me | null> | null = null;
/** The signed-in user (GET /api/v1/users/me with the cookie), asked once until the session changes. */
const loadMe = () =>
  (me ??= fetch("/api/v1/users/me", { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then((r) => (r.ok ? (r.json() as Promise<Me>) : null))
    .catch(() => null));
const forget = () => {
  me = null;
};

/** The words the back-office's login shows, in the page's language (messages/<locale>/admin.json "auth"). */
export type AuthWords = { tooMany: string; incorrect: string; forbidden: string; logIn: string; ended: string };

/** Admins only: anyone else is refused with 'Forbidden'; a 401 from the API ends the back-office. */
export const authProvider = (words: AuthWords): AuthProvider => ({
  async login({ username, password }: { username: string; password: string }) {
    const res = await signIn("credentials", { redirect: false, email: username, password, remember: "false" });
    forget();
    if (!res?.ok) throw new Error(res?.status === 429 ? words.tooMany : words.incorrect);
    const user = await loadMe();
    if (!user?.is_superuser) {
      await signOut({ redirect: false }).catch(() => undefined);
      forget();
      throw new Error(words.forbidden);
    }
  },
  async checkAuth() {
    const user = await loadMe();
    if (!user) throw new Error(words.logIn);
    if (!user.is_superuser) throw new Error(words.forbidden);
  },
  async checkError(error: { status?: number }) {
    // a refused action (403: e.g. deleting one's own account) is shown, not a reason to log out
    if (error?.status === 401) {
      forget();
      throw new Error(words.ended);
    }
  },
  async logout() {
    forget();
    await signOut({ redirect: false }).catch(() => undefined);
  },
  async getIdentity() {
    const user = await loadMe();
    if (!user) throw new Error(words.logIn);
    return { id: user.id, fullName: user.email };
  },
  async getPermissions() {
    const user = await loadMe();
    return user ? (user.is_superuser ? "admin" : "user") : undefined;
  },
});
