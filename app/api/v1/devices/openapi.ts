import { adminDeviceListFilters } from "@/lib/validation/list-filters";
import { ADMIN_DEVICE_SORTABLE } from "@/lib/services/devices/devices";
import { adminDeviceViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/devices", {
  GET: {
    tag: "Devices", access: "admin",
    summary: "Every device, the back-office's view",
    query: { sortable: ADMIN_DEVICE_SORTABLE, filters: adminDeviceListFilters },
    responses: { 200: list(adminDeviceViewSchema) },
  },
});
