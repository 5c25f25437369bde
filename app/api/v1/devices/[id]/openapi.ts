import { adminDeviceUpdateSchema } from "@/lib/validation/device";
import { adminDeviceViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/devices/{id}", {
  GET: {
    tag: "Devices", access: "admin",
    summary: "A device, the back-office's view", pathParams: idParam("device"), responses: { 200: ok(adminDeviceViewSchema) },
  },
  PUT: {
    tag: "Devices", access: "admin",
    summary: "Change a device (a left-out location_id keeps its location)", pathParams: idParam("device"),
    body: { json: adminDeviceUpdateSchema },
    responses: { 200: ok(adminDeviceViewSchema) },
    errors: { 409: "This device id exists already for this owner" },
  },
  DELETE: {
    tag: "Devices", access: "admin",
    summary: "Remove a device", pathParams: idParam("device"), responses: { 204: noContent },
  },
});
