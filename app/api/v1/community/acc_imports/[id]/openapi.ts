import { reconciliationViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/acc_imports/{id}", {
  GET: {
    tag: "Community", access: "admin",
    summary: "An import's reconciliation: Enedis' totals and Foyer's per meter over the file's days, and every gap in words",
    pathParams: idParam("import"),
    responses: { 200: ok(reconciliationViewSchema) },
  },
});
