import { meterViewSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters", {
  GET: {
    tag: "Meters", access: "user",
    summary: "The caller's Linky meters with their history sync progress",
    responses: { 200: { json: meterViewSchema, list: true, description: "The meters" } },
  },
});
