import { deviceInfoCreateSchema } from "@/lib/validation/device";
import { deviceInfoListFilters } from "@/lib/validation/list-filters";
import { DEVICE_SORTABLE } from "@/lib/services/devices/devices";
import { deviceInfoViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, created, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_info", {
  GET: {
    tag: "Devices", access: "user",
    summary: "Own devices with their measurements (admin: all)",
    description: "Also served at /api/v1/device_info/.",
    query: { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters },
    responses: { 200: list(deviceInfoViewSchema) },
  },
  POST: {
    tag: "Devices", access: "user",
    summary: "Register a device",
    body: { json: deviceInfoCreateSchema },
    responses: { 201: created(deviceInfoViewSchema) },
    errors: { 403: "A non-admin named another owner", 409: "This device id exists already for this owner" },
  },
});
