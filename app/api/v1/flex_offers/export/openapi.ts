import { offerExportQuerySchema } from "@/lib/validation/flex";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_offers/export", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "The offers households sent for a week (the coming one by default), as CSV or as UFTP FlexOffers (format=uftp, JSON), an attachment",
    query: offerExportQuerySchema,
    responses: {
      200: {
        description: "CSV: one row per offer; uftp: {week, FlexOffers: [{status, FlexOffer}]} (OffersUftpExport)",
        // OffersUftpExport: lib/openapi/schemas/flex-offers.ts, named in lib/openapi/document.ts
        content: { "text/csv": { schema: { type: "string" } }, "application/json": { schema: { $ref: "#/components/schemas/OffersUftpExport" } } },
      },
    },
  },
});
