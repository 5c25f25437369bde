import { z } from "zod";
import { integrationNameSchema } from "@/lib/validation/integration";
import type { CallbackQuery } from "@/lib/services/integrations/vendor-accounts";
import { describeRoute, type Param } from "@/lib/openapi/operations";

/** The callback's query as readCallbackQuery reads it (no zod schema: every parameter is optional text). */
const callbackQuery: Record<keyof CallbackQuery, Param> = {
  code: { schema: z.string(), description: "the authorization code" },
  state: { schema: z.string(), description: "the state the link carried" },
  error: { schema: z.string(), description: "the vendor's refusal (e.g. access_denied)" },
  usage_point_id: { schema: z.string(), description: "linky: the usage point ids the consent covers" },
};

export default describeRoute("/api/integrations/{vendor}/callback", {
  GET: {
    tag: "Integrations", access: "public",
    summary: "The vendor's redirect back: stores the integration, then redirects",
    description: "Every answer is a redirect: to /?created=true or /?updated=true, or to /integrations?error=... (a bad or expired state stores nothing).",
    pathParams: { vendor: { schema: integrationNameSchema } },
    queryParams: callbackQuery,
    responses: { 302: { description: "To the app's page", headers: { Location: "/?created=true, /?updated=true or /integrations?error=..." } } },
    errors: { 404: "Unknown vendor" },
  },
});
