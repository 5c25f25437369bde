import { monthQuerySchema } from "@/lib/validation/community";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/coefficients", {
  GET: {
    tag: "Community", access: "admin",
    summary: "A month's coefficient file for Enedis (the dynamic simple key): each consumer's usage point and share (equal shares when none is set)",
    query: monthQuerySchema,
    responses: {
      200: {
        description: "The file, as an attachment",
        content: { "text/csv": { schema: { type: "string" } } },
        headers: { "Content-Disposition": "attachment; filename=..." },
      },
    },
    errors: { 409: "No consumer that month (code no_consumers), shares not adding up to 100 % (shares_not_100), or a consumer with no Linky meter (no_usage_point)" },
  },
});
