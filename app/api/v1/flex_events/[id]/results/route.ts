import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse";
import { resultsQuerySchema } from "@/lib/validation/flex";
import { resultsCsv } from "@/lib/flex/results-csv";
import { toOperatorEventView, toResultRowView } from "@/lib/serializers/flex";
import { eventResults } from "@/lib/services/flex/events";

// GET /api/v1/flex_events/{id}/results (admin): each participant's settlement and the total; ?format=csv for the file
export const GET = authedRoute(
  async ({ req, caller, params }) => {
    const { format } = parseQuery(req, resultsQuerySchema);
    const { event, rows } = await eventResults(caller, pathId(params, "id", "Event"));
    const view = { event: toOperatorEventView(event), households: rows.map(toResultRowView) };
    if (format === "json") return ok(view);
    return new Response(resultsCsv(view), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="foyer-event-${event.event.id}-results.csv"`, "Cache-Control": "no-store" },
    });
  },
  { role: "admin" },
);
