import crypto from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { createAccessToken } from "@/lib/auth/tokens";
import { acceptedCurrentNotice, PRIVACY_NOTICE } from "@/lib/privacy/notice";

export const DEFAULT_PASSWORD = "correct-horse-42";

export type TestUser = { id: number; email: string; password: string; token: string; isSuperuser: boolean };

/** A user in the database with a valid access token. */
export async function makeUser(o: { email?: string; password?: string; admin?: boolean; active?: boolean; firstName?: string | null; acceptedTos?: boolean } = {}): Promise<TestUser> {
  const email = (o.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = o.password ?? DEFAULT_PASSWORD;
  const u = await db.user.create({
    data: {
      email,
      hashedPassword: await hashPassword(password),
      isSuperuser: o.admin ?? false,
      isActive: o.active ?? true,
      firstName: o.firstName === undefined ? null : o.firstName,
      acceptedTos: o.acceptedTos ?? false,
      tosVersion: o.acceptedTos ? PRIVACY_NOTICE.version : null,
    },
  });
  return { id: u.id, email, password, token: await createAccessToken({ ...u, acceptedTos: acceptedCurrentNotice(u) }), isSuperuser: u.isSuperuser };
}

/** The usual cast of a permission table: an owner, another user and an admin. */
export async function makeCast() {
  const [owner, other, admin] = await Promise.all([makeUser(), makeUser(), makeUser({ admin: true })]);
  return { owner, other, admin };
}
