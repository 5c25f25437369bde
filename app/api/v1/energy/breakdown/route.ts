import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse";
import { toBreakdownView } from "@/lib/serializers/telemetry";
import { householdBreakdown } from "@/lib/services/telemetry/household";
import { breakdownQuerySchema } from "@/lib/validation/telemetry";

// GET /api/v1/energy/breakdown: where the household's energy went (grid, solar, EV, measured consumers, the rest), by hour or day
export const GET = authedRoute(async ({ req, caller }) => ok(toBreakdownView(await householdBreakdown(caller, parseQuery(req, breakdownQuerySchema)))));
