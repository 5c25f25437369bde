import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toNowView } from "@/lib/serializers/telemetry";
import { householdNow } from "@/lib/services/telemetry/household";

// GET /api/v1/energy/now: Home's Now card: grid, solar, the biggest consumers, and the devices that need attention
export const GET = authedRoute(async ({ caller }) => ok(toNowView(await householdNow(caller))));
