import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { csvResponse } from "@/lib/http/csv";
import { accSample } from "@/lib/services/community/acc";
import { monthQuerySchema } from "@/lib/validation/community";

// GET /api/v1/community/acc_imports/sample?month=YYYY-MM (admin): the month in Enedis' ACC layout, written from Foyer's figures
export const GET = authedRoute(
  async ({ req, caller }) => {
    const { month } = parseQuery(req, monthQuerySchema);
    return csvResponse(await accSample(caller, month), `foyer-acc-sample-${month.slice(0, 7)}.csv`);
  },
  { role: "admin" },
);
