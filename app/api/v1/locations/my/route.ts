import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { locationListFilters } from "@/lib/validation/list-filters";
import { listResponse } from "@/lib/http/respond";
import { toLocationView } from "@/lib/serializers/location";
import { listLocations, LOCATION_SORTABLE } from "@/lib/services/locations/locations";

// GET /api/v1/locations/my: the caller's own locations, also for an admin
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listLocations(caller, parseListParams(req, { sortable: LOCATION_SORTABLE, filters: locationListFilters }), { onlyOwn: true });
  return listResponse(items.map(toLocationView), total);
});
