import { deviceInfoUpdateSchema } from "@/lib/validation/device";
import { deviceInfoViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_info/{id}", {
  GET: {
    tag: "Devices", access: "user",
    summary: "A device with its measurements", pathParams: idParam("device"), responses: { 200: ok(deviceInfoViewSchema) },
  },
  PUT: {
    tag: "Devices", access: "user",
    summary: "Change a device (left-out fields stay)", pathParams: idParam("device"),
    body: { json: deviceInfoUpdateSchema },
    responses: { 200: ok(deviceInfoViewSchema) },
    errors: { 403: "A non-admin named another owner", 409: "This device id exists already for this owner" },
  },
  DELETE: {
    tag: "Devices", access: "user",
    summary: "Remove a device and its measurements", pathParams: idParam("device"), responses: { 204: noContent },
  },
});
