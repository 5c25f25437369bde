import { z } from "zod";
import { importResultSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, ok, csv } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/import", {
  POST: {
    tag: "Meters", access: "user",
    summary: "Import an Enedis customer-area CSV (one transaction; bad lines write nothing unless skip_bad_lines=true)",
    queryParams: {
      meter_id: { schema: z.int().min(1), description: "the meter to import into (default: the file's usage point)" },
      skip_bad_lines: { schema: z.enum(["true", "false"]), description: "import the good lines of a file with bad ones" },
    },
    body: { content: csv, description: "the CSV file itself (at most 20 MB)" },
    responses: { 200: ok(importResultSchema) },
    errors: { 413: "The file is over 20 MB", 415: "Not a CSV body (a form or JSON)", 429: "Too many imports this hour (Retry-After)" },
  },
});
