import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/openapi.json", {
  GET: {
    tag: "Meta", access: "public",
    summary: "This document (OpenAPI 3.1)",
    responses: { 200: { description: "The OpenAPI document", content: { "application/json": { schema: { type: "object" } } } } },
  },
});
