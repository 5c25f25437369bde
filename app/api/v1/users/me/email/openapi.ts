import { emailChangeSchema } from "@/lib/validation/auth";
import { userViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/email", {
  POST: {
    tag: "Users", access: "user",
    summary: "Change one's e-mail, confirmed by the password",
    body: { json: emailChangeSchema },
    responses: { 200: ok(userViewSchema) },
    errors: { 400: "Incorrect password", 409: "A user with this email already exists", 429: "Too many password attempts" },
  },
});
