import { clientIp } from "@/lib/auth/client-ip";
import { authedRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { accountDeleteSchema } from "@/lib/validation/auth";
import { deleteOwnAccount } from "@/lib/services/users/deletion";
import { accountDeletedResponse } from "@/lib/auth/session-cookie";

// POST /api/v1/users/me/delete: delete one's own account, confirmed by the password
export const POST = authedRoute(async ({ req, caller }) => {
  const { password } = await parseJson(req, accountDeleteSchema);
  await deleteOwnAccount(caller, password, clientIp(req));
  return accountDeletedResponse();
});
