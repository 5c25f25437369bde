// GET /api/docs: the OpenAPI document as a browsable page, Swagger UI (swagger-ui-dist from npm)
// served by the app itself: no CDN, no network, the page's own strict Content-Security-Policy.
import fs from "node:fs/promises";
import path from "node:path";

/** What the page may load: its own scripts and styles, the document (connect-src) and nothing else. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes as it renders (React's style={...})
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer API reference</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript. The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** The page's own script (an inline one would need 'unsafe-inline' or a nonce). validatorUrl null: no call to swagger.io's validator. */
const INIT_JS = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
  });
});
`;

type Asset = { type: string; from: "swagger-ui-dist" | "inline" };
const ASSETS: Record<string, Asset> = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", from: "swagger-ui-dist" },
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", from: "swagger-ui-dist" },
  "favicon-32x32.png": { type: "image/png", from: "swagger-ui-dist" },
  "init.js": { type: "text/javascript; charset=utf-8", from: "inline" },
};

const cache = new Map<string, Uint8Array<ArrayBuffer>>();

/**
 * One of the page's files, or null for any other name. Swagger UI's files are read from
 * node_modules/swagger-ui-dist (the app runs from the project's root, as `npm start` does) once,
 * then kept in memory.
 */
export async function docsAsset(name: string): Promise<{ body: Uint8Array<ArrayBuffer>; type: string } | null> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return null;
  let body = cache.get(name);
  if (!body) {
    body = asset.from === "inline" ? new TextEncoder().encode(INIT_JS) : new Uint8Array(await fs.readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", name)));
    cache.set(name, body);
  }
  return { body, type: asset.type };
}
