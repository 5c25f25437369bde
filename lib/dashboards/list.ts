// The dashboards of GET /api/v1/dashboards as the page reads them: the type and the rules the
// service and the page share (the default, folders, the kiosk address), without zod (the
// service's schema is lib/validation/dashboard.ts), so that the browser loads no validation
// library for them.

/** Grafana's folder for dashboards outside any folder. */
export const DEFAULT_FOLDER = "General";
/** Only dashboards with this tag are shown to households. */
export const PRODUCTION_TAG = "production";

export type Dashboard = {
  id: number;
  title: string;
  /** Grafana's path of the dashboard (/d/<uid>/<slug>) */
  url: string;
  type: string;
  tags: string[];
  folderTitle: string;
};

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
