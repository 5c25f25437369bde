import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { parseListParams } from "@/lib/http/list";
import { deviceInfoListFilters } from "@/lib/validation/list-filters";
import { created, listResponse } from "@/lib/http/respond";
import { toUserDeviceView } from "@/lib/serializers/device";
import { userDeviceSchema } from "@/lib/validation/device";
import { createUserDevice, DEVICE_SORTABLE, listDevices } from "@/lib/services/devices/devices";

// GET /api/v1/user_devices: own devices as cards with channels (admin: all)
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listDevices(caller, parseListParams(req, { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters }));
  return listResponse(items.map(toUserDeviceView), total);
});

// POST /api/v1/user_devices: a device with its channels
export const POST = authedRoute(async ({ req, caller }) =>
  created(toUserDeviceView(await createUserDevice(caller, await parseJson(req, userDeviceSchema)))),
);
