import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { adminDeviceListFilters } from "@/lib/validation/list-filters";
import { listResponse } from "@/lib/http/respond";
import { toAdminDeviceView } from "@/lib/serializers/device";
import { ADMIN_DEVICE_SORTABLE, listDevices } from "@/lib/services/devices/devices";

// GET /api/v1/devices: every device, admin back-office view
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listDevices(caller, parseListParams(req, { sortable: ADMIN_DEVICE_SORTABLE, filters: adminDeviceListFilters }));
  return listResponse(items.map(toAdminDeviceView), total);
}, { role: "admin" });
