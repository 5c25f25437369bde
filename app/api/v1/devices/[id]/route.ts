import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toAdminDeviceView } from "@/lib/serializers/device";
import { adminDeviceUpdateSchema } from "@/lib/validation/device";
import { deleteDevice, getDeviceOrThrow, updateAdminDevice } from "@/lib/services/devices/devices";

// GET /api/v1/devices/{id} (admin)
export const GET = authedRoute(async ({ caller, params }) => ok(toAdminDeviceView(await getDeviceOrThrow(caller, pathId(params, "id", "Device")))), { role: "admin" });

// PUT /api/v1/devices/{id} (admin): a left-out location_id keeps the device's location
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Device");
  return ok(toAdminDeviceView(await updateAdminDevice(caller, id, await parseJson(req, adminDeviceUpdateSchema))));
}, { role: "admin" });

// DELETE /api/v1/devices/{id} (admin)
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteDevice(caller, pathId(params, "id", "Device"));
  return noContent();
}, { role: "admin" });
