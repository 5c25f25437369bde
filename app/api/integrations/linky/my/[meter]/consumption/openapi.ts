import { z } from "zod";
import { linkyCurveQuerySchema } from "@/lib/validation/integration";
import { linkyCurveSchema, vendorErrorSchema } from "@/lib/openapi/schemas/integrations";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/integrations/linky/my/{meter}/consumption", {
  GET: {
    tag: "Integrations", access: "user",
    summary: "A Linky meter's 30-minute consumption curve (last 7 days, or ?start=&end=)",
    pathParams: { meter: { schema: z.string(), description: "a usage point id of the caller's Linky integration" } },
    query: linkyCurveQuerySchema,
    responses: { 200: ok(linkyCurveSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Linky integration, or a meter not in it", 409: "The Linky account must be linked again" },
  },
});
