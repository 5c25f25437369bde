import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

/** How long the health check waits for the database before it calls it unreachable. */
const HEALTH_TIMEOUT_MS = 1000;

// GET /api/health: liveness and database reachability, answered within about a second
export async function GET() {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("health check timed out")), HEALTH_TIMEOUT_MS);
  });
  const probe = db.$queryRaw`select 1`;
  probe.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
  try {
    await Promise.race([probe, timeout]);
    return Response.json({ status: "ok", database: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "error", database: "unreachable", detail: "The database is unreachable" },
      { status: 503, headers: { "Retry-After": "2", "Cache-Control": "no-store" } },
    );
  } finally {
    clearTimeout(timer);
  }
}
