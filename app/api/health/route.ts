import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

// GET /api/health: liveness and database reachability
export async function GET() {
  try {
    await db.$queryRaw`select 1`;
    return Response.json({ status: "ok", database: "ok" });
  } catch {
    return Response.json({ status: "error", database: "unreachable", detail: "The database is unreachable" }, { status: 503 });
  }
}
