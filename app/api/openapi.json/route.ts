import { publicRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { openApiDocument } from "@/lib/openapi/document";
import { ROUTE_DOCS } from "./route-docs";

// GET /api/openapi.json: the OpenAPI 3.1 document of the /api contract (lib/openapi, docs/openapi.md)
export const GET = publicRoute(async () => ok(openApiDocument(ROUTE_DOCS), { headers: { "cache-control": "public, max-age=300" } }));
