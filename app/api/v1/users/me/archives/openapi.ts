import { archiveListSchema, archiveViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/archives", {
  GET: {
    tag: "My Account", access: "user",
    summary: "The caller's 'Download my data' archives and the day's allowance",
    responses: { 200: ok(archiveListSchema) },
  },
  POST: {
    tag: "My Account", access: "user",
    summary: "Prepare a new archive (202), or the one being prepared (200)",
    responses: { 200: ok(archiveViewSchema, "An archive is being prepared already: that one"), 202: { json: archiveViewSchema, description: "Accepted: the archive is prepared in the background" } },
    errors: { 429: "The day's allowance is spent (Retry-After)" },
  },
});
