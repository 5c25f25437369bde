import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { comingWeek } from "@/lib/flex/offers";
import { offersCsv } from "@/lib/flex/offers-csv";
import { toOperatorOfferView, toUftpView } from "@/lib/serializers/flex-offers";
import { operatorOffers } from "@/lib/services/flex/offers";
import { offerExportQuerySchema } from "@/lib/validation/flex";

/** The most offers one export holds (a week of a large community: 1,000 households × 14). */
const MAX_EXPORT = 50_000;

// GET /api/v1/flex_offers/export?week=&format=csv|uftp (admin): the week's offers sent, as CSV or as UFTP FlexOffers (JSON)
export const GET = authedRoute(
  async ({ req, caller }) => {
    const q = parseQuery(req, offerExportQuerySchema);
    const week = q.week ?? comingWeek(Date.now());
    const { items } = await operatorOffers(caller, { week, skip: 0, take: MAX_EXPORT });
    const views = items.map((o) => toOperatorOfferView(o));
    const headers = { "Cache-Control": "no-store", "Content-Disposition": `attachment; filename="foyer-offers-${week}.${q.format === "csv" ? "csv" : "json"}"` };
    if (q.format === "uftp") return ok({ week, FlexOffers: views.map((v) => ({ status: v.status, FlexOffer: toUftpView(v, `household-${v.user_id}`) })) }, { headers });
    return new Response(offersCsv(views), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  },
  { role: "admin" },
);
