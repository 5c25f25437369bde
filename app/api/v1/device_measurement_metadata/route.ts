import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { created } from "@/lib/http/respond";
import { toMeasurementView } from "@/lib/serializers/device";
import { measurementCreateSchema } from "@/lib/validation/device";
import { createMeasurement } from "@/lib/services/devices/measurements";

// POST /api/v1/device_measurement_metadata: add a measurement to a device (within its limit)
export const POST = authedRoute(async ({ req, caller }) =>
  created(toMeasurementView(await createMeasurement(caller, await parseJson(req, measurementCreateSchema)))),
);
