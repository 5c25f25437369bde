import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toDeviceInfoView } from "@/lib/serializers/device";
import { deviceInfoUpdateSchema } from "@/lib/validation/device";
import { deleteDevice, getDeviceOrThrow, updateDeviceInfo } from "@/lib/services/devices/devices";

// GET /api/v1/device_info/{id}: a device with its measurements
export const GET = authedRoute(async ({ caller, params }) => ok(toDeviceInfoView(await getDeviceOrThrow(caller, pathId(params, "id", "Device")))));

// PUT /api/v1/device_info/{id}: change a device (left-out fields stay)
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Device");
  return ok(toDeviceInfoView(await updateDeviceInfo(caller, id, await parseJson(req, deviceInfoUpdateSchema))));
});

// DELETE /api/v1/device_info/{id}: remove a device and its measurements
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteDevice(caller, pathId(params, "id", "Device"));
  return noContent();
});
