import type SvgIcon from "@mui/material/SvgIcon";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import PowerOutlined from "@mui/icons-material/PowerOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import DevicesOtherOutlined from "@mui/icons-material/DevicesOtherOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";

export type NavItem = {
  label: string;
  href: string;
  icon: typeof SvgIcon;
  /** other paths that belong to this item (highlighted with it) */
  also?: string[];
  adminOnly?: boolean;
};

/** The logged-in navigation, in the order of the top bar and the menu. */
export const APP_NAV: NavItem[] = [
  { label: "Home", href: "/", icon: HomeOutlined },
  { label: "Integrations", href: "/integrations", icon: PowerOutlined, also: ["/integrations-setup"] },
  { label: "Dashboards", href: "/dashboards", icon: InsightsOutlined },
  { label: "Schedules", href: "/schedules", icon: EventRepeatOutlined },
  { label: "Devices", href: "/device-info", icon: DevicesOtherOutlined, also: ["/user-devices"] },
  { label: "Locations", href: "/locations/", icon: PlaceOutlined },
  { label: "My Account", href: "/protected", icon: AccountCircleOutlined },
  { label: "Admin", href: "/admin", icon: AdminPanelSettingsOutlined, adminOnly: true },
  { label: "Log Out", href: "/logout", icon: LogoutOutlined },
];

const under = (path: string, base: string) => {
  const b = base.length > 1 ? base.replace(/\/$/, "") : base;
  return b === "/" ? path === "/" : path === b || path.startsWith(`${b}/`);
};

/** Whether `item` is the page at `path` (or a page below it). */
export function isCurrent(item: Pick<NavItem, "href" | "also">, path: string): boolean {
  return [item.href, ...(item.also ?? [])].some((base) => under(path, base));
}
