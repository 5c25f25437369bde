// The dashboards list of GET /api/v1/dashboards: the service's zod schema. The type and the rules
// the page shares are in lib/dashboards/list.ts (no zod in the browser).
import { z } from "./zod";
import type { Dashboard } from "@/lib/dashboards/list";

export const dashboardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Grafana's path of the dashboard (/d/<uid>/<slug>) */
  url: z.string(),
  type: z.string(),
  tags: z.array(z.string()),
  folderTitle: z.string(),
}) satisfies z.ZodType<Dashboard>;
