import { clientIp } from "@/lib/auth/client-ip";
import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toUserView } from "@/lib/serializers/user";
import { emailChangeSchema } from "@/lib/validation/auth";
import { changeEmail } from "@/lib/services/users/accounts";

// POST /api/v1/users/me/email: change one's e-mail, confirmed by the password
export const POST = authedRoute(async ({ req, caller }) => {
  const body = await parseJson(req, emailChangeSchema);
  return ok(toUserView(await changeEmail(caller, body.password, body.new_email, clientIp(req))));
});
