import { pathId, publicRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { partnerEventResults, partnerEventResultsXml } from "@/lib/services/sharing/partner-api";
import { partnerOf } from "@/lib/services/sharing/partners";
import { partnerResultsQuerySchema } from "@/lib/validation/sharing";

// GET /api/partner/v1/events/{id}/results (a partner's token): the consenting participants' settlements, pseudonymised; ?format=xml: their readings modelled on IEC 62746-4
export const GET = publicRoute(async ({ req, params }) => {
  const partner = await partnerOf(req);
  const id = pathId(params, "id", "Event");
  const { format } = parseQuery(req, partnerResultsQuerySchema);
  if (format === "json") return ok(await partnerEventResults(partner, id));
  const { xml } = await partnerEventResultsXml(partner, id);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": `attachment; filename="foyer-event-${id}-readings.xml"` } });
}, { noStore: true });
