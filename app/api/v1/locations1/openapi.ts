import { locationListFilters } from "@/lib/validation/list-filters";
import { LOCATION_SORTABLE } from "@/lib/services/locations/locations";
import { locationViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/locations1", {
  GET: {
    tag: "Locations", access: "user",
    summary: "The same as GET /api/v1/locations (Variant A's path)",
    query: { sortable: LOCATION_SORTABLE, filters: locationListFilters },
    responses: { 200: list(locationViewSchema) },
  },
});
