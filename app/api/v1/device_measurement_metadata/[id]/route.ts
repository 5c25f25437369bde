import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toMeasurementView } from "@/lib/serializers/device";
import { measurementUpdateSchema } from "@/lib/validation/device";
import { deleteMeasurement, getMeasurementOrThrow, updateMeasurement } from "@/lib/services/devices/measurements";

// GET /api/v1/device_measurement_metadata/{id}: one measurement
export const GET = authedRoute(async ({ caller, params }) => ok(toMeasurementView(await getMeasurementOrThrow(caller, pathId(params, "id", "Measurement")))));

// PUT /api/v1/device_measurement_metadata/{id}: change any field but the name
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Measurement");
  return ok(toMeasurementView(await updateMeasurement(caller, id, await parseJson(req, measurementUpdateSchema))));
});

// DELETE /api/v1/device_measurement_metadata/{id}
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteMeasurement(caller, pathId(params, "id", "Measurement"));
  return noContent();
});
