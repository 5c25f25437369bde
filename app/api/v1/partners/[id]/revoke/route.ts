import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toPartnerView } from "@/lib/serializers/sharing";
import { revokePartner } from "@/lib/services/sharing/partners";

// POST /api/v1/partners/{id}/revoke (admin): its tokens stop working at the next request
export const POST = authedRoute(async ({ params }) => ok(toPartnerView(await revokePartner(pathId(params, "id", "Partner")))), { role: "admin" });
