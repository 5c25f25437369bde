import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { parseListParams } from "@/lib/http/list";
import { deviceInfoListFilters } from "@/lib/validation/list-filters";
import { created, listResponse } from "@/lib/http/respond";
import { toDeviceInfoView } from "@/lib/serializers/device";
import { deviceInfoCreateSchema } from "@/lib/validation/device";
import { createDeviceInfo, DEVICE_SORTABLE, listDevices } from "@/lib/services/devices/devices";

// GET /api/v1/device_info/: own devices with their measurements (admin: all)
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listDevices(caller, parseListParams(req, { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters }));
  return listResponse(items.map(toDeviceInfoView), total);
});

// POST /api/v1/device_info: register a device
export const POST = authedRoute(async ({ req, caller }) =>
  created(toDeviceInfoView(await createDeviceInfo(caller, await parseJson(req, deviceInfoCreateSchema)))),
);
