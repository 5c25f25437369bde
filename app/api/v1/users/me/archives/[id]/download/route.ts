import { authedRoute } from "@/lib/http/route";
import { openArchiveDownload } from "@/lib/services/archives/requests";
import { toWebStream } from "@/lib/services/exports/streams";

// GET /api/v1/users/me/archives/{id}/download: the ZIP, streamed (409 while it is prepared, 404 once expired)
export const GET = authedRoute(async ({ caller, params }) => {
  const { filename, sizeBytes, chunks } = await openArchiveDownload(caller, params.id);
  return new Response(toWebStream(chunks), {
    headers: {
      "content-type": "application/zip",
      "content-length": String(sizeBytes),
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
});
