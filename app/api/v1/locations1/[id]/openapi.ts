import { locationViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/locations1/{id}", {
  GET: {
    tag: "Locations", access: "user",
    summary: "The same as GET /api/v1/locations/{id} (Variant A's path)", pathParams: idParam("location"),
    responses: { 200: ok(locationViewSchema) },
  },
});
