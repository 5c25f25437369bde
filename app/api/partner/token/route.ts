import { publicRoute } from "@/lib/http/route";
import { parseFormOrJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { clientIp } from "@/lib/auth/client-ip";
import { issueToken } from "@/lib/services/sharing/partners";
import { clientCredentialsSchema } from "@/lib/validation/sharing";

// POST /api/partner/token: OAuth 2.0 client credentials (form or JSON) → a bearer token of an hour
export const POST = publicRoute(async ({ req }) => {
  const { client_id, client_secret } = await parseFormOrJson(req, clientCredentialsSchema);
  return ok(await issueToken(client_id, client_secret, clientIp(req)));
}, { noStore: true });
