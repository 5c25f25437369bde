import { authedRoute, pathId } from "@/lib/http/route";
import { exportMeterHistory } from "@/lib/services/exports/meter-history";
import { toWebStream } from "@/lib/services/exports/streams";
import { exportRequest, takeExportAttempt } from "@/lib/services/exports/http";

// GET /api/v1/meters/{id}/export?format=csv|xml&dialect=fr|en[&kinds=&from=&to=]: the meter's
// 30-minute readings as a file, streamed (docs/data-rights.md); at most EXPORTS_MAX_PER_HOUR a user
export const GET = authedRoute(async ({ req, caller, params }) => {
  const meterId = pathId(params, "id", "Meter");
  const query = exportRequest(req);
  await takeExportAttempt(caller);
  const { filename, contentType, chunks } = await exportMeterHistory(caller, meterId, query);
  return new Response(toWebStream(chunks), {
    headers: { "content-type": contentType, "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
  });
});
