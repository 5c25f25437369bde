import { memberEntrySchema, periodQuerySchema } from "@/lib/validation/community";
import { membershipViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, created } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/members", {
  GET: {
    tag: "Community", access: "admin",
    summary: "The memberships overlapping a period (to: the day after its last), by entry, each with its consumption, production, allocation and savings under the operation's key; ?format=csv for the file; all of them in one page",
    query: periodQuerySchema,
    responses: {
      200: {
        description: "JSON: the memberships, as a JSON array of CommunityMember; CSV: one row per membership, in kWh, as an attachment (Content-Disposition)",
        // CommunityMember: lib/openapi/schemas/community.ts memberViewSchema, named in lib/openapi/document.ts
        content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/CommunityMember" } } }, "text/csv": { schema: { type: "string" } } },
        headers: { "X-Total-Count": "JSON only: the number of memberships (all of them: no slicing)" },
      },
    },
  },
  POST: {
    tag: "Community", access: "admin",
    summary: "A household's dated entry (not after today; not while another of its spans is open, nor inside an earlier one)",
    body: { json: memberEntrySchema },
    responses: { 201: created(membershipViewSchema) },
    errors: { 409: "The household takes part already (code member_open), or its last span ended after joined_on (member_overlap)" },
  },
});
