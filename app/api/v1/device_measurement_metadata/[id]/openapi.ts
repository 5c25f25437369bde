import { measurementUpdateSchema } from "@/lib/validation/device";
import { measurementViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_measurement_metadata/{id}", {
  GET: {
    tag: "Devices", access: "user",
    summary: "A measurement", pathParams: idParam("measurement"), responses: { 200: ok(measurementViewSchema) },
  },
  PUT: {
    tag: "Devices", access: "user",
    summary: "Change any field of a measurement but its name", pathParams: idParam("measurement"),
    body: { json: measurementUpdateSchema },
    responses: { 200: ok(measurementViewSchema) },
  },
  DELETE: {
    tag: "Devices", access: "user",
    summary: "Remove a measurement", pathParams: idParam("measurement"), responses: { 204: noContent },
  },
});
