import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { listResponse, ok } from "@/lib/http/respond";
import { toPartnerView } from "@/lib/serializers/sharing";
import { createPartner, listPartners } from "@/lib/services/sharing/partners";
import { partnerSchema } from "@/lib/validation/sharing";

// GET /api/v1/partners (admin): the grid partners and their credentials' state (never a secret)
export const GET = authedRoute(
  async () => {
    const partners = await listPartners();
    return listResponse(partners.map((p) => toPartnerView(p)), partners.length);
  },
  { role: "admin" },
);

// POST /api/v1/partners (admin): {name} → 201 with client_id and client_secret (shown this once)
export const POST = authedRoute(
  async ({ req }) => {
    const { partner, clientSecret } = await createPartner(validate(partnerSchema, await readJsonBody(req)).name);
    return ok({ ...toPartnerView(partner), client_secret: clientSecret }, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { role: "admin" },
);
