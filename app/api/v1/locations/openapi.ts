import { locationSchema } from "@/lib/validation/location";
import { locationListFilters } from "@/lib/validation/list-filters";
import { LOCATION_SORTABLE } from "@/lib/services/locations/locations";
import { locationViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, created, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/locations", {
  GET: {
    tag: "Locations", access: "user",
    summary: "Own locations with their devices (admin: all)",
    query: { sortable: LOCATION_SORTABLE, filters: locationListFilters },
    responses: { 200: list(locationViewSchema) },
  },
  POST: {
    tag: "Locations", access: "user",
    summary: "Add a location", body: { json: locationSchema },
    responses: { 201: created(locationViewSchema) },
  },
});
