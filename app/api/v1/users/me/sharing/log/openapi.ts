import { accessLogViewSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/sharing/log", {
  GET: {
    tag: "Sharing", access: "user",
    summary: "What partners read of the household, and when: newest first, the last 200 reads",
    responses: { 200: { json: accessLogViewSchema, list: true, description: "The reads, as a JSON array" } },
  },
});
