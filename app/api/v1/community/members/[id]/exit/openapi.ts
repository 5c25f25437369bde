import { memberExitSchema } from "@/lib/validation/community";
import { membershipViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/members/{id}/exit", {
  POST: {
    tag: "Community", access: "admin",
    summary: "A membership's dated exit (left_on: the day after its last, after its entry); the row stays",
    pathParams: idParam("membership"),
    body: { json: memberExitSchema },
    responses: { 200: ok(membershipViewSchema) },
    errors: { 409: "The membership has ended already (code member_closed)" },
  },
});
