import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { energySummary } from "@/lib/services/energy/summary";

// GET /api/v1/energy/summary: Home's summary of each of the caller's meters
export const GET = authedRoute(async ({ caller }) => ok(await energySummary(caller)));
