import { authedRoute } from "@/lib/http/route";
import { parseQuery, readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toSharesView } from "@/lib/serializers/community";
import { monthShares, setMonthShares } from "@/lib/services/community/operation";
import { monthQuerySchema, sharesSchema } from "@/lib/validation/community";

// GET /api/v1/community/shares?month=YYYY-MM (admin): the month's consumers and the shares in force for it
export const GET = authedRoute(async ({ req, caller }) => ok(toSharesView(await monthShares(caller, parseQuery(req, monthQuerySchema).month))), { role: "admin" });

// PUT /api/v1/community/shares (admin): {month, shares: [{user_id, percent}]} the set from that month on (at most 100 % in all)
export const PUT = authedRoute(
  async ({ req, caller }) => {
    const b = validate(sharesSchema, await readJsonBody(req));
    return ok(toSharesView(await setMonthShares(caller, b.month, b.shares.map((s) => ({ userId: s.user_id, percent: s.percent })))));
  },
  { role: "admin" },
);
