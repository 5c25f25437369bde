import { userDeviceSchema } from "@/lib/validation/device";
import { userDeviceViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/user_devices/{id}", {
  GET: {
    tag: "Devices", access: "user",
    summary: "A device card", pathParams: idParam("device"), responses: { 200: ok(userDeviceViewSchema) },
  },
  PUT: {
    tag: "Devices", access: "user",
    summary: "The whole device: its channel list replaces the measurements", pathParams: idParam("device"),
    body: { json: userDeviceSchema },
    responses: { 200: ok(userDeviceViewSchema) },
    errors: { 409: "Over the measurement limit, or a device id that exists already" },
  },
  DELETE: {
    tag: "Devices", access: "user",
    summary: "Remove a device", pathParams: idParam("device"), responses: { 204: noContent },
  },
});
