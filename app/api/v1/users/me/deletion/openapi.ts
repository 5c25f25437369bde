import { deletionSummarySchema } from "@/lib/openapi/schemas/users";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/deletion", {
  GET: {
    tag: "My Account", access: "user",
    summary: "What deleting the caller's account would remove (a dry run)",
    responses: { 200: ok(deletionSummarySchema) },
  },
});
