"use client";
import type { AuthProvider } from "react-admin";
import { signOut } from "next-auth/react";

const KEY = "foyer.admin.token";

type Claims = { sub: string; email: string; permissions: "user" | "admin"; exp: number };

function claimsOf(token: string): Claims | null {
  try {
    const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(atob(payload)) as Claims;
  } catch {
    return null;
  }
}

const stored = () => sessionStorage.getItem(KEY);
const clear = () => sessionStorage.removeItem(KEY);
const fresh = (t: string | null): t is string => {
  const c = t ? claimsOf(t) : null;
  return Boolean(c && c.exp * 1000 > Date.now() + 30_000);
};

/** The bearer token of the back-office (a tab's sessionStorage), from the app's session when there is one. */
export async function adminToken(): Promise<string | null> {
  const t = stored();
  if (fresh(t)) return t;
  // the signed-in app session trades its cookie for a token (same-origin POST)
  const res = await fetch("/api/token/refresh", { method: "POST", credentials: "same-origin" });
  if (!res.ok) return null;
  const { access_token } = (await res.json()) as { access_token: string };
  sessionStorage.setItem(KEY, access_token);
  return access_token;
}

function assertAdmin(token: string) {
  if (claimsOf(token)?.permissions !== "admin") {
    clear();
    throw new Error("Forbidden");
  }
}

/** Admins only: anyone else is refused with 'Forbidden'; a 401 or 403 from the API logs out. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const res = await fetch("/api/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, password }),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; detail?: string };
    if (!res.ok || !body.access_token) throw new Error(body.detail ?? "Login failed");
    assertAdmin(body.access_token);
    sessionStorage.setItem(KEY, body.access_token);
  },
  async checkAuth() {
    const t = await adminToken();
    if (!t) throw new Error("Please log in");
    assertAdmin(t);
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401 || error?.status === 403) {
      clear();
      throw new Error(error.status === 403 ? "Forbidden" : "Your session has ended");
    }
  },
  async logout() {
    clear();
    // end the app's session too, or the next check would sign the admin straight back in
    await signOut({ redirect: false }).catch(() => undefined);
  },
  async getIdentity() {
    const t = stored();
    const c = t ? claimsOf(t) : null;
    if (!c) throw new Error("Please log in");
    return { id: Number(c.sub), fullName: c.email };
  },
  async getPermissions() {
    const t = stored();
    return t ? claimsOf(t)?.permissions : undefined;
  },
};
