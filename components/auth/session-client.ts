// next-auth's browser client, loaded when a form signs in or out: it brings its own runtime
// (about 11 KiB compressed) that no page needs before then.
import type { SignInResponse } from "next-auth/react";

/** Opens a session with e-mail and password (the credentials provider), without leaving the page. */
export async function signInWithPassword(fields: { email: string; password: string; remember: string }): Promise<SignInResponse | undefined> {
  const { signIn } = await import("next-auth/react");
  return signIn("credentials", { redirect: false, ...fields });
}

/** Ends the session, without leaving the page. */
export async function signOutHere(): Promise<void> {
  const { signOut } = await import("next-auth/react");
  await signOut({ redirect: false });
}
