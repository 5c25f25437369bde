import { publicRoute } from "@/lib/http/route";
import { parseFormOrJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { clientIp } from "@/lib/auth/client-ip";
import { tokenResponseBody } from "@/lib/auth/tokens";
import { loginSchema } from "@/lib/validation/auth";
import { login } from "@/lib/services/auth/sign-in";

// POST /api/token: OAuth2 password flow (form or JSON) → access token
export const POST = publicRoute(async ({ req }) => {
  const { username, password } = await parseFormOrJson(req, loginSchema);
  return ok(tokenResponseBody(await login(username, password, clientIp(req))));
}, { noStore: true });
