// GET /api/bench/ceiling/{name}: the ceiling of `npm run bench:api` (bench/api.mjs), a route
// handler that answers the bytes of one of the measured lists (and its X-Total-Count) without any
// work: no caller, no database, no serializer. What it serves is what Next.js itself allows on this
// machine, measured in the same run as the app and the bare baseline.
// Only the benchmark's own build has it: Next routes `route.bench.ts` only where `bench.ts` is one
// of its page extensions, which next.config.js adds under FOYER_BENCH_BUILD=1 alone. The
// production build has no such route: /api/bench/... is the catch-all's JSON 404 there. In the
// benchmark's build it serves the bodies the benchmark wrote to FOYER_BENCH_DIR; without that
// variable (the bench's deployed instance), the same JSON 404.
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-dynamic";

type Fixed = { body: Uint8Array<ArrayBuffer>; total: string };

/** The bodies, read once per process. */
const bodies = new Map<string, Promise<Fixed | null>>();

const notFound = () => Response.json({ detail: "Not Found", code: "not_found" }, { status: 404 });

async function load(dir: string, name: string): Promise<Fixed | null> {
  try {
    const [body, total] = await Promise.all([readFile(path.join(dir, `${name}.json`)), readFile(path.join(dir, `${name}.total`), "utf8")]);
    return { body: new Uint8Array(body), total: total.trim() };
  } catch {
    return null;
  }
}

export async function GET(_req: Request, ctx: { params: Promise<{ name: string }> }) {
  const dir = process.env.FOYER_BENCH_DIR;
  if (!dir) return notFound();
  const { name } = await ctx.params;
  if (!/^[a-z_]{1,40}$/.test(name)) return notFound();
  let fixed = bodies.get(name);
  if (!fixed) bodies.set(name, (fixed = load(dir, name)));
  const f = await fixed;
  if (!f) return notFound();
  // the headers of the lists' answers (lib/http/respond.ts listResponse, lib/http/route.ts noStore)
  return new Response(f.body, {
    status: 200,
    headers: { "Content-Type": "application/json", "X-Total-Count": f.total, "Access-Control-Expose-Headers": "X-Total-Count", "Cache-Control": "no-store" },
  });
}
