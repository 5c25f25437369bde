import { publicRoute } from "@/lib/http/route";
import { parseJson } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { resetPasswordSchema } from "@/lib/validation/auth";
import { resetPassword } from "@/lib/services/auth/password-reset";
import { clientIp } from "@/lib/auth/client-ip";

// POST /api/reset-password/: set a new password with the token from the recovery e-mail
export const POST = publicRoute(async ({ req }) => {
  const { token, new_password } = await parseJson(req, resetPasswordSchema);
  return ok({ msg: await resetPassword(token, new_password, clientIp(req)) });
});
