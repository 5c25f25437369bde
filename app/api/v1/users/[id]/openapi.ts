import { userUpdateSchema } from "@/lib/validation/user";
import { userViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/{id}", {
  GET: {
    tag: "Users", access: "user",
    summary: "A user: oneself, or anyone for an admin", pathParams: idParam("user"),
    responses: { 200: ok(userViewSchema) },
  },
  PUT: {
    tag: "Users", access: "user",
    summary: "Change a user: names only for oneself, everything for an admin",
    pathParams: idParam("user"), body: { json: userUpdateSchema },
    responses: { 200: ok(userViewSchema) },
    errors: { 403: "You may change only your first and last name", 409: "A user with this email already exists" },
  },
  DELETE: {
    tag: "Users", access: "admin",
    summary: "Remove a user and everything they own", pathParams: idParam("user"),
    responses: { 204: noContent },
    errors: { 403: "You cannot delete your own account" },
  },
});
