// The /api route table: which methods each route handler file under app/api exports, read from
// the sources when the server starts, and matched against a request path the way Next matches it
// (static segments before [param], before [...catchAll], before [[...optional]]). The custom
// server uses it to answer an unsupported method with 405, `Allow` and the contract's JSON body
// before Next sees the request (Next answers an empty 405, and a 500 to TRACE). A new route file
// needs no registration.
import fs from "node:fs";
import path from "node:path";

/** The methods a route handler may export (Next's HTTP_METHODS). */
const HANDLER_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];
const ROUTE_FILE = /^route\.(ts|tsx|js|jsx|mjs)$/;

type Segment = { kind: "static" | "param" | "catchAll" | "optional"; name: string };
/** A route file: its URL path, its segments, the file, the methods it answers and the `Allow` value. */
export type Route = { path: string; segments: Segment[]; file: string; methods: Set<string>; allow: string };

/** The handler methods a route file's source exports: `export const GET`, `export async function POST`, `export { x as GET }`, `export { GET } from`. */
export function exportedMethods(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = new Set<string>();
  for (const m of code.matchAll(/\bexport\s+(?:const|let|var|(?:async\s+)?function\s*\*?)\s*([A-Za-z_$][\w$]*)/g)) found.add(m[1]);
  for (const m of code.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const names = part.trim().split(/\s+as\s+/);
      const name = names[names.length - 1]?.trim();
      if (name) found.add(name);
    }
  }
  return new Set(HANDLER_METHODS.filter((m) => found.has(m)));
}

/**
 * What Next answers for, given the exported methods: those, plus HEAD where GET is and OPTIONS
 * (both implemented by Next when the file does not export them); sorted as Next's own `Allow`.
 */
export function allowedMethods(exported: Iterable<string>): string[] {
  const allowed = new Set(exported);
  if (allowed.has("GET")) allowed.add("HEAD");
  allowed.add("OPTIONS");
  return [...allowed].sort();
}

/** A folder name as a URL segment: null for a route group `(x)`; `false` for a folder that is not routed (`_private`, `@slot`). */
function segmentOf(name: string): Segment | null | false {
  if (/^\(.*\)$/.test(name)) return null;
  if (name.startsWith("_") || name.startsWith("@")) return false;
  let m;
  if ((m = /^\[\[\.\.\.(.+)\]\]$/.exec(name))) return { kind: "optional", name: m[1] };
  if ((m = /^\[\.\.\.(.+)\]$/.exec(name))) return { kind: "catchAll", name: m[1] };
  if ((m = /^\[(.+)\]$/.exec(name))) return { kind: "param", name: m[1] };
  return { kind: "static", name };
}

/**
 * Every route file under `dir` (e.g. app/api), served under `prefix` (e.g. "/api"): a list of
 * `{ path, segments, file, methods, allow }`, `allow` being the value of the `Allow` header.
 */
export function buildRouteTable(dir: string, prefix = "/api"): Route[] {
  const routes: Route[] = [];
  const base = prefix.split("/").filter(Boolean).map((name): Segment => ({ kind: "static", name }));
  const walk = (folder: string, segments: Segment[]) => {
    let entries;
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isFile() && ROUTE_FILE.test(e.name)) {
        const file = path.join(folder, e.name);
        const allow = allowedMethods(exportedMethods(fs.readFileSync(file, "utf8")));
        const urlPath = "/" + segments.map((s) => (s.kind === "static" ? s.name : s.kind === "param" ? `[${s.name}]` : s.kind === "catchAll" ? `[...${s.name}]` : `[[...${s.name}]]`)).join("/");
        routes.push({ path: urlPath, segments, file, methods: new Set(allow), allow: allow.join(", ") });
      }
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const seg = segmentOf(e.name);
      if (seg === false) continue;
      walk(path.join(folder, e.name), seg === null ? segments : [...segments, seg]);
    }
  };
  walk(dir, base);
  return routes;
}

const RANK: Record<Segment["kind"], number> = { static: 0, param: 1, catchAll: 2, optional: 3 };

/** Segment by segment, the more specific route first (what Next tries first). */
function compareRoutes(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const x = a.segments[i], y = b.segments[i];
    if (!x || !y) return x ? 1 : -1;
    if (RANK[x.kind] !== RANK[y.kind]) return RANK[x.kind] - RANK[y.kind];
  }
  return 0;
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.kind === "catchAll") return parts.length > i;
    if (s.kind === "optional") return parts.length >= i;
    if (i >= parts.length) return false;
    if (s.kind === "static" && s.name !== parts[i]) return false;
  }
  return parts.length === segments.length;
}

/** The route that serves `pathname` (query excluded; a trailing slash is ignored, as Next serves both), or null. */
export function matchRoute(routes: Route[], pathname: string): Route | null {
  const parts = pathname.split("/").filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const candidates = routes.filter((r) => matches(r.segments, parts));
  if (!candidates.length) return null;
  return candidates.sort(compareRoutes)[0];
}
