import { liveViewSchema } from "@/lib/openapi/schemas/telemetry";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_info/{id}/live", {
  GET: {
    tag: "Live telemetry", access: "user",
    summary: "Online, last seen, and each measurement's latest power and today's energy in and out",
    pathParams: idParam("device"), responses: { 200: ok(liveViewSchema) },
  },
});
