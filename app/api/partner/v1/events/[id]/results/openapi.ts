import { partnerResultsQuerySchema } from "@/lib/validation/sharing";
import { describeRoute, idParam } from "@/lib/openapi/operations";
import { PARTNER_ERRORS, PARTNER_TOKEN_REQUIRED } from "@/app/api/partner/v1/live/openapi";

export default describeRoute("/api/partner/v1/events/{id}/results", {
  GET: {
    tag: "Sharing", access: "partner",
    summary: "For the grid partner: a community event and its consenting participants' settlements (baseline, readings, delivery; no reward), pseudonymised; ?format=xml for the readings modelled on IEC 62746-4",
    description: PARTNER_TOKEN_REQUIRED,
    pathParams: idParam("event"),
    query: partnerResultsQuerySchema,
    responses: {
      200: {
        description: "JSON (PartnerEventResults); format=xml: the participants' readings of the window as a ReferenceEnergyCurveHistoricalData_MarketDocument modelled on IEC 62746-4 (one Series per household, its resource the pseudonym; the baseline and delivery stay in the JSON), an attachment",
        // PartnerEventResults: lib/openapi/schemas/sharing.ts partnerEventResultsSchema, named in lib/openapi/document.ts
        content: { "application/json": { schema: { $ref: "#/components/schemas/PartnerEventResults" } }, "application/xml": { schema: { type: "string" } } },
      },
    },
    errors: { ...PARTNER_ERRORS, 409: "format=xml while no consenting participant has readings of the event (code no_readings): the document needs one" },
  },
});
