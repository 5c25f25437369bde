import type { NextRequest } from "next/server";
import { ApiError, errorResponse } from "@/lib/http/errors";

/** next-auth's error codes are words (Configuration, AccessDenied, CredentialsSignin, Default...). */
const ERROR_CODE = /^[A-Za-z]{1,64}$/;

/**
 * next-auth's `error` action redirects to the login page with the code it was given (`?error=` or
 * `/api/auth/error/<code>`) put into the Location header as it came: a character past Latin-1
 * (`?error=%E2%82%AC`) threw there, a bare 500. Any code that is not a word becomes "Default",
 * next-auth's own for an unknown error, so the browser still lands on the login page.
 * The request is changed in place (next-auth reads `req.nextUrl`).
 */
export function withWordErrorCode(req: NextRequest, segments: readonly string[] | undefined): void {
  if (segments?.[0] !== "error") return;
  // next-auth takes the last of repeated parameters: each is checked, and `set` replaces them all
  const given = req.nextUrl.searchParams.getAll("error");
  const codes = given.length ? given : segments[1] !== undefined ? [segments[1]] : [];
  if (codes.some((code) => !ERROR_CODE.test(code))) req.nextUrl.searchParams.set("error", "Default");
}

/**
 * The credentials provider signs in by POST only: next-auth answered a GET on its callback with a
 * 500 ("Callback for provider type credentials not supported"). Here a 405 with `Allow`, as the
 * custom server answers any method a route lacks (server/http-guard.ts).
 */
export function credentialsCallbackByGet(req: NextRequest, segments: readonly string[] | undefined): Response | null {
  if (segments?.[0] !== "callback" || segments[1] !== "credentials" || req.method === "POST") return null;
  return errorResponse(new ApiError(405, "Method Not Allowed", { headers: { Allow: "POST" } }));
}

const NO_CSRF = "The request was refused: its CSRF token is missing or does not match";

/**
 * next-auth answers a request it does not know (`GET /api/auth/callback/x`) with a plain-text 400;
 * every /api error is `{"detail", "code"}` (docs/api-decisions.md): a 4xx keeps its status with
 * next-auth's sentence as the detail, anything past that is answered as our own 500 (logged, no
 * text of next-auth's passed on).
 */
export async function asJsonError(res: Response): Promise<Response> {
  if (res.status < 400 || /json/i.test(res.headers.get("content-type") ?? "")) return res;
  const text = (await res.text()).replace(/^Error:\s*/, "").trim().slice(0, 200);
  if (res.status >= 500) return errorResponse(new Error(`next-auth answered ${res.status}: ${text}`));
  // its one 4xx without a sentence: a session update (POST /api/auth/session) without its CSRF token
  const sentence = /^[A-Za-z]/.test(text) ? text : NO_CSRF;
  const answer = errorResponse(new ApiError(res.status, sentence));
  // next-auth's cookies go with it (a new CSRF cookie, say)
  for (const cookie of res.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
  return answer;
}
