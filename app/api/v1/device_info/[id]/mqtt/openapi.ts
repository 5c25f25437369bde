import { mqttUpdateSchema } from "@/lib/validation/telemetry";
import { mqttViewSchema } from "@/lib/openapi/schemas/telemetry";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_info/{id}/mqtt", {
  GET: {
    tag: "Live telemetry", access: "user",
    summary: "What to type into the device: the broker, the username, the topic prefix and the format; whether it is online",
    pathParams: idParam("device"), responses: { 200: ok(mqttViewSchema) },
  },
  PUT: {
    tag: "Live telemetry", access: "user",
    summary: "The topic prefix the device publishes under, and how its messages are read",
    pathParams: idParam("device"), body: { json: mqttUpdateSchema },
    responses: { 200: ok(mqttViewSchema) },
    errors: { 409: "Another device publishes under this prefix (or one containing it)" },
  },
});
