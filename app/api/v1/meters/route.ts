import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { listMeters } from "@/lib/services/meters/meters";
import { toMeterView } from "@/lib/serializers/meter";

// GET /api/v1/meters: the caller's Linky meters with their history sync progress
export const GET = authedRoute(async ({ caller }) => ok((await listMeters(caller)).map(toMeterView)));
