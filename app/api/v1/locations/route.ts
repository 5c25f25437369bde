import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { parseListParams } from "@/lib/http/list";
import { locationListFilters } from "@/lib/validation/list-filters";
import { created, listResponse } from "@/lib/http/respond";
import { toLocationView } from "@/lib/serializers/location";
import { locationSchema } from "@/lib/validation/location";
import { createLocation, listLocations, LOCATION_SORTABLE } from "@/lib/services/locations/locations";

// GET /api/v1/locations: own locations with their devices (admin: all)
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listLocations(caller, parseListParams(req, { sortable: LOCATION_SORTABLE, filters: locationListFilters }));
  return listResponse(items.map(toLocationView), total);
});

// POST /api/v1/locations: add a location
export const POST = authedRoute(async ({ req, caller }) =>
  created(toLocationView(await createLocation(caller, await parseJson(req, locationSchema)))),
);
