import { authedRoute, pathId } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toLocationView } from "@/lib/serializers/location";
import { locationSchema } from "@/lib/validation/location";
import { deleteLocation, getLocationOrThrow, updateLocation } from "@/lib/services/locations/locations";

// GET /api/v1/locations/{id}: a location with its devices
export const GET = authedRoute(async ({ caller, params }) => ok(toLocationView(await getLocationOrThrow(caller, pathId(params, "id", "Location")))));

// PUT /api/v1/locations/{id}: the whole location
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Location");
  return ok(toLocationView(await updateLocation(caller, id, await parseJson(req, locationSchema))));
});

// DELETE /api/v1/locations/{id}: its devices stay, with no location
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteLocation(caller, pathId(params, "id", "Location"));
  return noContent();
});
