import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { ALLOCATION_KEYS } from "@/lib/community/keys";
import { toSimulationView } from "@/lib/serializers/community";
import { simulateKeys } from "@/lib/services/community/simulation";
import { simulateSchema } from "@/lib/validation/community";

// POST /api/v1/community/simulate (admin): {from, to, keys?, shares?} the period replayed under each key, side by side
export const POST = authedRoute(
  async ({ req, caller }) => {
    const b = validate(simulateSchema, await readJsonBody(req));
    const shares = b.shares ? new Map(b.shares.map((s) => [s.user_id, s.percent])) : null;
    return ok(toSimulationView(b.from, b.to, await simulateKeys(caller, { from: b.from, to: b.to }, b.keys ?? ALLOCATION_KEYS, shares)));
  },
  { role: "admin" },
);
