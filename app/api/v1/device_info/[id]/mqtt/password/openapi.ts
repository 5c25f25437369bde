import { mqttPasswordSchema } from "@/lib/openapi/schemas/telemetry";
import { created, describeRoute, idParam } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_info/{id}/mqtt/password", {
  POST: {
    tag: "Live telemetry", access: "user",
    summary: "A new MQTT password for the device, shown this once; the previous one stops working and the device's connection is closed",
    pathParams: idParam("device"), responses: { 201: created(mqttPasswordSchema) },
  },
});
