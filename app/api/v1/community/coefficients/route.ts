import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { csvResponse } from "@/lib/http/csv";
import { coefficientFile } from "@/lib/services/community/operation";
import { monthQuerySchema } from "@/lib/validation/community";

// GET /api/v1/community/coefficients?month=YYYY-MM (admin): the dynamic simple key's coefficient file for Enedis (409 unless the shares add up to 100 %)
export const GET = authedRoute(
  async ({ req, caller }) => {
    const { month } = parseQuery(req, monthQuerySchema);
    return csvResponse(await coefficientFile(caller, month), `foyer-coefficients-${month.slice(0, 7)}.csv`);
  },
  { role: "admin" },
);
