import { loginSchema } from "@/lib/validation/auth";
import { tokenSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/token", {
  POST: {
    tag: "Auth", access: "public",
    summary: "Log in (OAuth2 password flow): an access token",
    description: "Same status, body and timing for an unknown e-mail and a wrong password. 429 after too many failures for one e-mail or from one address.",
    body: { json: loginSchema, form: true },
    responses: { 200: ok(tokenSchema) },
    errors: { 401: "Incorrect username or password", 403: "Inactive user (only after a correct password)", 429: "Too many attempts (Retry-After)" },
  },
});
