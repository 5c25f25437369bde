import { userDeviceSchema } from "@/lib/validation/device";
import { deviceInfoListFilters } from "@/lib/validation/list-filters";
import { DEVICE_SORTABLE } from "@/lib/services/devices/devices";
import { userDeviceViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, created, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/user_devices", {
  GET: {
    tag: "Devices", access: "user",
    summary: "Own devices as cards with channels (admin: all)",
    query: { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters },
    responses: { 200: list(userDeviceViewSchema) },
  },
  POST: {
    tag: "Devices", access: "user",
    summary: "A device with its channels", body: { json: userDeviceSchema },
    responses: { 201: created(userDeviceViewSchema) },
    errors: { 409: "Over the measurement limit, or a device id that exists already" },
  },
});
