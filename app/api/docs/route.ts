import { DOCS_CSP, DOCS_HTML } from "@/lib/openapi/docs-page";

// GET /api/docs: the API reference page (Swagger UI from our own server, no CDN)
export async function GET() {
  return new Response(DOCS_HTML, {
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": DOCS_CSP, "cache-control": "public, max-age=300" },
  });
}
