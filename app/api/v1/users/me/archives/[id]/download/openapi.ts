import { z } from "zod";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/archives/{id}/download", {
  GET: {
    tag: "My Account", access: "user",
    summary: "The archive's ZIP, streamed",
    pathParams: { id: { schema: z.uuid(), description: "the archive's id" } },
    responses: { 200: { description: "The ZIP", content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } }, headers: { "Content-Disposition": "attachment; filename=..." } } },
    errors: { 404: "Archive not found (or expired)", 409: "Still being prepared, or failed" },
  },
});
