import { comparisonViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/homes_like_mine", {
  GET: {
    tag: "Community", access: "user",
    summary: "The last complete month and the 12 months ending with it against similar homes (only with 10 or more of them) and the national average; status no_profile until the profile names housing type, floor area, occupants and heating",
    responses: { 200: ok(comparisonViewSchema) },
  },
});
