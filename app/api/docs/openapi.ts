import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/docs", {
  GET: {
    tag: "Meta", access: "public",
    summary: "This document as a browsable page (Swagger UI, served by the app itself)",
    responses: { 200: { description: "An HTML page", content: { "text/html": { schema: { type: "string" } } } } },
  },
});
