import { measurementCreateSchema } from "@/lib/validation/device";
import { measurementViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, created } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_measurement_metadata", {
  POST: {
    tag: "Devices", access: "user",
    summary: "Add a measurement to a device (within its limit)",
    body: { json: measurementCreateSchema },
    responses: { 201: created(measurementViewSchema) },
    errors: { 409: "The device has its maximum of measurements, or one of this name" },
  },
});
