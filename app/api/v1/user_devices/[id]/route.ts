import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toUserDeviceView } from "@/lib/serializers/device";
import { userDeviceSchema } from "@/lib/validation/device";
import { deleteDevice, getDeviceOrThrow, updateUserDevice } from "@/lib/services/devices/devices";

// GET /api/v1/user_devices/{id}
export const GET = authedRoute(async ({ caller, params }) => ok(toUserDeviceView(await getDeviceOrThrow(caller, pathId(params, "id", "Device")))));

// PUT /api/v1/user_devices/{id}: the whole device; its channel list replaces the measurements
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Device");
  return ok(toUserDeviceView(await updateUserDevice(caller, id, await parseJson(req, userDeviceSchema))));
});

// DELETE /api/v1/user_devices/{id}
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteDevice(caller, pathId(params, "id", "Device"));
  return noContent();
});
