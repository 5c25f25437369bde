import { userCreateSchema } from "@/lib/validation/user";
import { userListFilters } from "@/lib/validation/list-filters";
import { USER_SORTABLE } from "@/lib/services/users/accounts";
import { userViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, created, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users", {
  GET: {
    tag: "Users", access: "user",
    summary: "Users: every user for an admin, a list holding only the caller otherwise",
    query: { sortable: USER_SORTABLE, filters: userListFilters },
    responses: { 200: list(userViewSchema) },
  },
  POST: {
    tag: "Users", access: "admin",
    summary: "Create a user", body: { json: userCreateSchema },
    responses: { 201: created(userViewSchema) },
    errors: { 409: "A user with this email already exists" },
  },
});
