import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toLiveView } from "@/lib/serializers/telemetry";
import { deviceLive } from "@/lib/services/telemetry/readings";

// GET /api/v1/device_info/{id}/live: online, last seen, and each measurement's latest power and today's energy
export const GET = authedRoute(async ({ caller, params }) => ok(toLiveView(await deviceLive(caller, pathId(params, "id", "Device")))));
