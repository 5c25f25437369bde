import { authedRoute, pathId } from "@/lib/http/route";
import { created } from "@/lib/http/respond";
import { newMqttPassword } from "@/lib/services/telemetry/connection";

// POST /api/v1/device_info/{id}/mqtt/password: a new password, shown this once; the previous one stops working at once
export const POST = authedRoute(async ({ caller, params }) => created(await newMqttPassword(caller, pathId(params, "id", "Device"))));
