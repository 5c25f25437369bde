import { authedRoute } from "@/lib/http/route";
import { previewImport } from "@/lib/services/imports/load-curve";
import { importRequest, takeImportAttempt } from "@/lib/services/imports/http";

// POST /api/v1/meters/import/preview[?meter_id=]: body the Enedis customer-area CSV (text/csv,
// at most 20 MB, streamed) → what importing it would do (range, points, bad lines, meter); writes
// nothing; at most IMPORT_PREVIEWS_MAX_PER_HOUR a user
export const POST = authedRoute(async ({ caller, req }) => {
  const { target, body } = importRequest(req);
  await takeImportAttempt(caller, "preview");
  return Response.json(await previewImport(caller, target, body));
});
