// The items' icons are the drawer's (app-drawer.tsx): the top bar shows the labels only.
export type NavItem = {
  label: string;
  href: string;
  /** other paths that belong to this item (highlighted with it) */
  also?: string[];
  adminOnly?: boolean;
};

/** The logged-in navigation, in the order of the top bar and the menu. */
export const APP_NAV: NavItem[] = [
  { label: "Home", href: "/" },
  { label: "Integrations", href: "/integrations", also: ["/integrations-setup"] },
  { label: "Dashboards", href: "/dashboards" },
  { label: "Schedules", href: "/schedules" },
  { label: "Devices", href: "/device-info", also: ["/user-devices"] },
  { label: "Locations", href: "/locations/" },
  { label: "My Account", href: "/protected" },
  { label: "Admin", href: "/admin", adminOnly: true },
  { label: "Log Out", href: "/logout" },
];

const under = (path: string, base: string) => {
  const b = base.length > 1 ? base.replace(/\/$/, "") : base;
  return b === "/" ? path === "/" : path === b || path.startsWith(`${b}/`);
};

/** Whether `item` is the page at `path` (or a page below it). */
export function isCurrent(item: Pick<NavItem, "href" | "also">, path: string): boolean {
  return [item.href, ...(item.also ?? [])].some((base) => under(path, base));
}
