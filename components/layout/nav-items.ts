import type messages from "@/messages/en/common.json";

// The items' icons are the drawer's (app-drawer.tsx): the top bar shows the labels only.
export type NavItem = {
  /** the label's key in the catalog's "common.nav" */
  label: keyof typeof messages.nav;
  href: string;
  /** other paths that belong to this item (highlighted with it) */
  also?: string[];
  adminOnly?: boolean;
};

/** The logged-in navigation, in the order of the top bar and the menu. */
export const APP_NAV: NavItem[] = [
  { label: "home", href: "/" },
  { label: "integrations", href: "/integrations", also: ["/integrations-setup"] },
  { label: "dashboards", href: "/dashboards" },
  { label: "schedules", href: "/schedules" },
  { label: "devices", href: "/device-info", also: ["/user-devices"] },
  { label: "locations", href: "/locations/" },
  { label: "account", href: "/protected" },
  { label: "admin", href: "/admin", adminOnly: true },
  { label: "logout", href: "/logout" },
];

const under = (path: string, base: string) => {
  const b = base.length > 1 ? base.replace(/\/$/, "") : base;
  return b === "/" ? path === "/" : path === b || path.startsWith(`${b}/`);
};

/** Whether `item` is the page at `path` (or a page below it). */
export function isCurrent(item: Pick<NavItem, "href" | "also">, path: string): boolean {
  return [item.href, ...(item.also ?? [])].some((base) => under(path, base));
}
