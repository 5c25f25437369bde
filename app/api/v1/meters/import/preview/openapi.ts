import { z } from "zod";
import { importPreviewSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, ok, csv } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/import/preview", {
  POST: {
    tag: "Meters", access: "user",
    summary: "What importing an Enedis customer-area CSV would do (writes nothing)",
    queryParams: { meter_id: { schema: z.int().min(1), description: "the meter to import into (default: the file's usage point)" } },
    body: { content: csv, description: "the CSV file itself (at most 20 MB)" },
    responses: { 200: ok(importPreviewSchema) },
    errors: { 413: "The file is over 20 MB", 415: "Not a CSV body (a form or JSON)", 429: "Too many previews this hour (Retry-After)" },
  },
});
