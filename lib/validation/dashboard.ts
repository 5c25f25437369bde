// The dashboards list of GET /api/v1/dashboards, shared by the service and the page.
import { z } from "zod";

/** Grafana's folder for dashboards outside any folder. */
export const DEFAULT_FOLDER = "General";
/** Only dashboards with this tag are shown to households. */
export const PRODUCTION_TAG = "production";

export const dashboardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Grafana's path of the dashboard (/d/<uid>/<slug>) */
  url: z.string(),
  type: z.string(),
  tags: z.array(z.string()),
  folderTitle: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The default dashboard: the first of type dash-db (the specification's rule). */
export const defaultDashboard = (list: readonly Dashboard[]) => list.find((d) => d.type === "dash-db");

/** Dashboards by folder title, folders and their items in the order the service sent them. */
export function groupByFolder(list: readonly Dashboard[]): [folder: string, items: Dashboard[]][] {
  const groups = new Map<string, Dashboard[]>();
  for (const d of list) groups.set(d.folderTitle, [...(groups.get(d.folderTitle) ?? []), d]);
  return [...groups];
}

/**
 * The frame's address in kiosk mode. Grafana's `url` is an absolute path (with Grafana's own
 * sub-path if it has one), so it is resolved against the public base; without one it stays a path.
 */
export function kioskUrl(publicUrl: string | null, path: string): string {
  const base = publicUrl ? new URL(path, publicUrl).toString() : path;
  return `${base}${base.includes("?") ? "&" : "?"}kiosk`;
}
