import { notFound } from "@/lib/errors";
import { publicRoute } from "@/lib/http/route";
import { docsAsset } from "@/lib/openapi/docs-page";

// GET /api/docs/{file}: the reference page's script, style and icon (swagger-ui-dist's files, and its start script)
export const GET = publicRoute(async ({ params }) => {
  const asset = await docsAsset(params.file ?? "");
  if (!asset) throw notFound("File");
  return new Response(asset.body, { headers: { "content-type": asset.type, "cache-control": "public, max-age=86400" } });
});
