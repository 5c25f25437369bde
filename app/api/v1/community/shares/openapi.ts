import { monthQuerySchema, sharesSchema } from "@/lib/validation/community";
import { sharesViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/shares", {
  GET: {
    tag: "Community", access: "admin",
    summary: "A month's consumers and the shares in force for it (the latest set made for that month or before)",
    query: monthQuerySchema,
    responses: { 200: ok(sharesViewSchema) },
  },
  PUT: {
    tag: "Community", access: "admin",
    summary: "Set the shares from a month on (the set replaces that month's): the month's consumers only, at most 100 % in all",
    body: { json: sharesSchema },
    responses: { 200: ok(sharesViewSchema) },
  },
});
