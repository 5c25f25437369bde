import { exportQuerySchema } from "@/lib/validation/export";
import { describeRoute, idParam } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/{id}/export", {
  GET: {
    tag: "Meters", access: "user",
    summary: "The meter's 30-minute readings as a file (CSV or XML modelled on IEC 62746-4), streamed",
    pathParams: idParam("meter"), query: exportQuerySchema,
    responses: {
      200: {
        description: "The file, as an attachment",
        content: { "text/csv": { schema: { type: "string" } }, "application/xml": { schema: { type: "string" } } },
        headers: { "Content-Disposition": "attachment; filename=..." },
      },
    },
    errors: { 429: "Too many exports this hour (Retry-After)" },
  },
});
