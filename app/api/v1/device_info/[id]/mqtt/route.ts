import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toMqttView } from "@/lib/serializers/telemetry";
import { deviceMqtt, updateDeviceMqtt } from "@/lib/services/telemetry/connection";
import { mqttUpdateSchema } from "@/lib/validation/telemetry";

// GET /api/v1/device_info/{id}/mqtt: what to type into the device (broker, username, prefix, format) and whether it is online
export const GET = authedRoute(async ({ caller, params }) => ok(toMqttView(await deviceMqtt(caller, pathId(params, "id", "Device")))));

// PUT /api/v1/device_info/{id}/mqtt: the prefix the device publishes under, and how its messages are read
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Device");
  return ok(toMqttView(await updateDeviceMqtt(caller, id, await parseJson(req, mqttUpdateSchema))));
});
