import type { UserRow } from "@/lib/services/users/accounts";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";

export type { UserRow };

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
