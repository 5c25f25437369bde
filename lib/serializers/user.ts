import type { User } from "@/lib/generated/prisma/client";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";

/** The columns a User view needs: never the password hash. */
export const userViewSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  isActive: true,
  isSuperuser: true,
  acceptedTos: true,
  tosVersion: true,
  createdAt: true,
} as const;

export type UserRow = Pick<User, keyof typeof userViewSelect>;

export function toUserView(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    is_active: u.isActive,
    is_superuser: u.isSuperuser,
    // the current notice's acceptance: one of an older version asks again
    accepted_tos: acceptedCurrentNotice(u),
    created_at: u.createdAt.toISOString(),
  };
}
export type UserView = ReturnType<typeof toUserView>;
