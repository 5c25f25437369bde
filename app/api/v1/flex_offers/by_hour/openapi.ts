import { offerWeekQuerySchema } from "@/lib/validation/flex";
import { weekFlexViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_offers/by_hour", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "The community's flexibility per hour of a week (the coming one by default): kW down and up, offered and accepted",
    query: offerWeekQuerySchema,
    responses: { 200: ok(weekFlexViewSchema) },
  },
});
