import { myCommunityViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/community", {
  GET: {
    tag: "Community", access: "user",
    summary: "The household's part in the operation: its spans, and per month of the last 12 its consumption, allocated local production and savings; the operation's rates (10 households or more)",
    responses: { 200: ok(myCommunityViewSchema) },
  },
});
