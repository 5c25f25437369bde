import { accountDeleteSchema } from "@/lib/validation/auth";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/delete", {
  POST: {
    tag: "My Account", access: "user",
    summary: "Delete one's own account, confirmed by the password",
    description: "Answers 204 and clears the session cookies. The last active admin cannot delete itself (403).",
    body: { json: accountDeleteSchema },
    responses: { 204: { description: "Deleted; the session cookies are cleared", headers: { "Set-Cookie": "the session cookies, expired" } } },
    errors: { 400: "Incorrect password", 403: "You are the last administrator", 429: "Too many password attempts" },
  },
});
