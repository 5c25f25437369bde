import { monthQuerySchema } from "@/lib/validation/community";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/acc_imports/sample", {
  GET: {
    tag: "Community", access: "admin",
    summary: "A month in Enedis' ACC layout, written from Foyer's figures (one daily value per meter and type): what an import would hold if Enedis agreed everywhere",
    query: monthQuerySchema,
    responses: {
      200: {
        description: "The file, as an attachment",
        content: { "text/csv": { schema: { type: "string" } } },
        headers: { "Content-Disposition": "attachment; filename=..." },
      },
    },
  },
});
