import { householdOffersQuerySchema } from "@/lib/validation/flex";
import { householdOffersViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility/offers", {
  GET: {
    tag: "Flexibility", access: "user",
    summary: "The household's offers of a week (the coming one by default: its drafts are prepared first from its schedules as they are now), and what each schedule gave",
    query: householdOffersQuerySchema,
    responses: { 200: ok(householdOffersViewSchema) },
  },
});
