import { passwordChangeSchema } from "@/lib/validation/auth";
import { messageSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/password", {
  POST: {
    tag: "Users", access: "user",
    summary: "Change one's password (every earlier token stops working)",
    body: { json: passwordChangeSchema },
    responses: { 200: ok(messageSchema) },
    errors: { 400: "Incorrect password" },
  },
});
