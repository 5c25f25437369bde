import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toUserView } from "@/lib/serializers/user";
import { userUpdateSchema } from "@/lib/validation/user";
import { deleteUser } from "@/lib/services/users/deletion";
import { getUserOrThrow, updateUser } from "@/lib/services/users/accounts";

// GET /api/v1/users/{id}: self or admin
export const GET = authedRoute(async ({ caller, params }) => ok(toUserView(await getUserOrThrow(caller, pathId(params, "id", "User")))));

// PUT /api/v1/users/{id}: self (names only) or admin (everything)
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "User");
  return ok(toUserView(await updateUser(caller, id, await parseJson(req, userUpdateSchema))));
});

// DELETE /api/v1/users/{id}: admin removes a user and everything they own
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteUser(caller, pathId(params, "id", "User"));
  return noContent();
}, { role: "admin" });
