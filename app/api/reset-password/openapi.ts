import { resetPasswordSchema } from "@/lib/validation/auth";
import { messageSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/reset-password", {
  POST: {
    tag: "Auth", access: "public",
    summary: "Set a new password with the token of the recovery e-mail",
    description: "Also served at /api/reset-password/ (the contract's spelling).",
    body: { json: resetPasswordSchema },
    responses: { 200: ok(messageSchema) },
    errors: { 400: "Invalid or expired token" },
  },
});
