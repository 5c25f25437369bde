import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { listResponse } from "@/lib/http/respond";
import { toHouseholdEventView } from "@/lib/serializers/flex";
import { householdEvents } from "@/lib/services/flex/events";
import { householdEventFilters } from "@/lib/validation/list-filters";

// GET /api/v1/flexibility/events: the community's events as the household sees them (?only=open|past)
export const GET = authedRoute(async ({ req, caller }) => {
  const p = parseListParams(req, { sortable: ["starts_at"] as const, defaultSort: "starts_at", filters: householdEventFilters });
  // by start: to come, the soonest first; otherwise the newest first (or as `_order` says)
  const order = new URL(req.url).searchParams.has("_order") ? p.sort.order : undefined;
  const { items, total } = await householdEvents(caller, { skip: p.skip, take: p.take, only: p.filters.only, order });
  return listResponse(items.map(toHouseholdEventView), total);
});
