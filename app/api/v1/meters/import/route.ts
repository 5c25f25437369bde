import { authedRoute } from "@/lib/http/route";
import { runImport } from "@/lib/services/imports/load-curve";
import { importRequest, takeImportAttempt } from "@/lib/services/imports/http";

// POST /api/v1/meters/import[?meter_id=&skip_bad_lines=true]: body the Enedis customer-area CSV
// (text/csv, at most 20 MB, streamed) → stored in one transaction with source `import`; a file
// with bad lines writes nothing unless skip_bad_lines=true (422 listing them); at most IMPORTS_MAX_PER_HOUR a user
export const POST = authedRoute(async ({ caller, req }) => {
  const { target, skipBadLines, body } = importRequest(req);
  await takeImportAttempt(caller, "import");
  return Response.json(await runImport(caller, target, body, { skipBadLines }));
});
