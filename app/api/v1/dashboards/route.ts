import { authedRoute } from "@/lib/http/route";
import { listResponse } from "@/lib/http/respond";
import { listDashboards } from "@/lib/services/dashboards/grafana";

// GET /api/v1/dashboards: the production dashboards of the dashboard service, for any signed-in user
export const GET = authedRoute(async () => {
  const items = await listDashboards();
  return listResponse(items, items.length);
});
