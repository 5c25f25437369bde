import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { parseListParams } from "@/lib/http/list";
import { userListFilters } from "@/lib/validation/list-filters";
import { created, listResponse } from "@/lib/http/respond";
import { toUserView } from "@/lib/serializers/user";
import { userCreateSchema } from "@/lib/validation/user";
import { createUser, listUsers, USER_SORTABLE } from "@/lib/services/users/accounts";

// GET /api/v1/users: admin, every user (q, is_active, is_superuser); others, only themselves
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listUsers(caller, parseListParams(req, { sortable: USER_SORTABLE, filters: userListFilters }));
  return listResponse(items.map(toUserView), total);
});

// POST /api/v1/users: admin creates a user
export const POST = authedRoute(
  async ({ req }) => created(toUserView(await createUser(await parseJson(req, userCreateSchema)))),
  { role: "admin" },
);
