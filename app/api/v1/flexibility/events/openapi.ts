import { householdEventFilters } from "@/lib/validation/list-filters";
import { householdEventViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility/events", {
  GET: {
    tag: "Flexibility", access: "user",
    summary: "The community's events as the household sees them: only=open (to come or under way, soonest first), only=past (ended or cancelled), else all, newest first; at most 100 a page",
    // the route's parseListParams: _sort takes starts_at only
    query: { sortable: ["starts_at"], filters: householdEventFilters },
    responses: { 200: list(householdEventViewSchema) },
  },
});
