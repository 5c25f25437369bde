import { cache } from "react";
import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { decodeSession, isRemembered, type Caller } from "./caller";
import { sessionTokenFrom } from "./session-token";
import { currentUser } from "./next-auth";
import { loginUrl } from "@/lib/shared/login-url.mjs";

/** The signed-in user of this request, looked up once however many layouts and pages ask. */
export const getCaller = cache(currentUser);

/**
 * The signed-in user, or a redirect to the login page that comes back here (the custom server,
 * server/page-policy.ts, hands the requested path and query to server code in the
 * `x-pathname` header).
 */
export async function requireCaller(): Promise<Caller> {
  const caller = await getCaller();
  if (caller) return caller;
  const path = (await headers()).get("x-pathname") ?? "/";
  redirect(loginUrl(path));
}

/** A signed-in administrator; anyone else signed in gets the 403 page, a visitor the login page. */
export async function requireAdmin(): Promise<Caller> {
  const caller = await requireCaller();
  if (!caller.isSuperuser) forbidden();
  return caller;
}

/**
 * Whether this browser's session was opened with 'Remember me' (it outlives a plain session), so
 * that signing in again after a password change keeps the same choice.
 */
export async function sessionIsRemembered(): Promise<boolean> {
  const jar = await cookies();
  const raw = sessionTokenFrom((n) => jar.get(n)?.value);
  const claims = raw ? await decodeSession(raw) : null;
  return Boolean(claims && isRemembered(claims));
}
