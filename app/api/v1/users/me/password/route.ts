import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { passwordChangeSchema } from "@/lib/validation/auth";
import { changePassword } from "@/lib/services/users/accounts";

// POST /api/v1/users/me/password: change one's password (retires every earlier token)
export const POST = authedRoute(async ({ req, caller }) => {
  const body = await parseJson(req, passwordChangeSchema);
  return ok({ msg: await changePassword(caller, body.current_password, body.new_password) });
});
