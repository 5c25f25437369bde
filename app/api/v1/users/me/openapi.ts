import { userViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me", {
  GET: { tag: "Users", access: "user", summary: "The caller's profile", responses: { 200: ok(userViewSchema) } },
});
