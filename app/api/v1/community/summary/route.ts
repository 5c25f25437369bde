import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { csvResponse } from "@/lib/http/csv";
import { summaryCsv } from "@/lib/community/csv";
import { toSummaryView } from "@/lib/serializers/community";
import { communitySummary } from "@/lib/services/community/view";
import { summaryQuerySchema } from "@/lib/validation/community";

// GET /api/v1/community/summary?from=&to=&by=day|month[&format=csv] (admin): the operation's energy, rates and surplus heatmap (withheld under 10 households)
export const GET = authedRoute(
  async ({ req, caller }) => {
    const q = parseQuery(req, summaryQuerySchema);
    const view = toSummaryView(await communitySummary(caller, q, q.by));
    return q.format === "csv" ? csvResponse(summaryCsv(view), `foyer-community-${q.from}-${q.to}.csv`) : ok(view);
  },
  { role: "admin" },
);
