import { publicRoute } from "@/lib/http/route";
import { parseParams } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { clientIp } from "@/lib/auth/client-ip";
import { requestLocale } from "@/lib/i18n/server";
import { requestPasswordRecovery } from "@/lib/services/auth/password-reset";
import { recoveryParamsSchema } from "@/lib/validation/auth";

// POST /api/password-recovery/{email}: e-mail a reset link (same answer for unknown addresses), in the asker's language
export const POST = publicRoute(async ({ req, params }) =>
  ok({ msg: await requestPasswordRecovery(parseParams(params, recoveryParamsSchema).email, clientIp(req), requestLocale(req)) }),
);
