import { purposeKey } from "@/lib/crypto";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { publicRoute } from "@/lib/http/route";
import { hasRealCredentials, VENDORS } from "@/lib/integrations/config";
import { createSandbox } from "@/lib/integrations/sandbox";

/** tokens revoked at a sandbox's revocation endpoint, remembered for this process's life */
const revokedTokens = new Set<string>();

// /api/sandbox/{vendor}/...: the bundled vendor sandbox (consent page, token endpoint, data),
// open only while that vendor has no real credentials configured
const handle = publicRoute(async ({ req, params }) => {
  const vendor = VENDORS.find((v) => v === params.vendor);
  if (!vendor || hasRealCredentials(vendor)) throw notFound("Sandbox");
  const linky = { maxPerSecond: env().LINKY_SANDBOX_MAX_PER_SECOND };
  return createSandbox(vendor, { secret: purposeKey(`sandbox-${vendor}`), appUrl: env().APP_URL, linky, revokedTokens })(req);
});
export { handle as GET, handle as POST };
