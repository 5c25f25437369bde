import { userViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/accept_tos", {
  POST: {
    tag: "Users", access: "user",
    summary: "Accept the privacy notice", responses: { 200: ok(userViewSchema) },
  },
});
