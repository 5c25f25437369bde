import { recoveryParamsSchema } from "@/lib/validation/auth";
import { messageSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/password-recovery/{email}", {
  POST: {
    tag: "Auth", access: "public",
    summary: "E-mail a password reset link",
    description: "The same answer whether or not the account exists.",
    pathParams: { email: { schema: recoveryParamsSchema.shape.email } },
    responses: { 200: ok(messageSchema) },
    errors: { 429: "Too many recoveries from this address" },
  },
});
