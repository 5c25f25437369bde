import { signupSchema } from "@/lib/validation/auth";
import { tokenSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/signup", {
  POST: {
    tag: "Auth", access: "public",
    summary: "Create an account: its first access token",
    body: { json: signupSchema, form: true },
    responses: { 200: ok(tokenSchema) },
    errors: { 409: "A user with this email already exists", 429: "Too many sign-ups from this address" },
  },
});
