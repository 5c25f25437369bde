import { meterViewSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, idParam } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/{id}/sync", {
  POST: {
    tag: "Meters", access: "user",
    summary: "Sync now: a catch-up queued (never a second parallel sync)", pathParams: idParam("meter"),
    responses: { 202: { json: meterViewSchema, description: "Accepted" } },
    errors: { 409: "The meter must be linked again to sync" },
  },
});
