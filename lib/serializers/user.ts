import type { User } from "@/lib/generated/prisma/client";

/** The columns a User view needs: never the password hash. */
export const userViewSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  isActive: true,
  isSuperuser: true,
  acceptedTos: true,
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
    accepted_tos: u.acceptedTos,
    created_at: u.createdAt.toISOString(),
  };
}
export type UserView = ReturnType<typeof toUserView>;
