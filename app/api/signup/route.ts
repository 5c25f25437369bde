import { publicRoute } from "@/lib/http/route";
import { parseFormOrJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { clientIp } from "@/lib/auth/client-ip";
import { tokenResponseBody } from "@/lib/auth/tokens";
import { signupSchema } from "@/lib/validation/auth";
import { signup } from "@/lib/services/auth/sign-in";

// POST /api/signup: create an account (form or JSON) → its first access token
export const POST = publicRoute(async ({ req }) => {
  const { username, password } = await parseFormOrJson(req, signupSchema);
  return ok(tokenResponseBody(await signup(username, password, clientIp(req))));
}, { noStore: true });
