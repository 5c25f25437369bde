"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import type SvgIcon from "@mui/material/SvgIcon";
import { Text } from "@/components/ui/text";
import CloseIcon from "@mui/icons-material/Close";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import PowerOutlined from "@mui/icons-material/PowerOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import DevicesOtherOutlined from "@mui/icons-material/DevicesOtherOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import { useTranslations } from "use-intl";
import type { HeaderUser } from "./app-header";
import { Brand } from "./brand";
import { InitialsAvatar } from "./initials-avatar";
import { isCurrent, type NavItem } from "./nav-items";

/** Each navigation item's icon, by its address (nav-items.ts). */
const ICONS: Record<string, typeof SvgIcon> = {
  "/": HomeOutlined,
  "/integrations": PowerOutlined,
  "/dashboards": InsightsOutlined,
  "/schedules": EventRepeatOutlined,
  "/device-info": DevicesOtherOutlined,
  "/locations/": PlaceOutlined,
  "/protected": AccountCircleOutlined,
  "/admin": AdminPanelSettingsOutlined,
  "/logout": LogoutOutlined,
};

/**
 * The navigation at medium width and below, opened by the top bar's menu button (its code loads
 * then: the top bar's lazyWhenOpen).
 */
export function AppDrawer({
  open,
  onClose,
  items,
  path,
  user,
  initials,
}: {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  path: string;
  user: HeaderUser;
  initials: string;
}) {
  const t = useTranslations("common");
  return (
    // appear: it mounts open the first time (a drawer mounted closed skips its first slide-in)
    <Drawer id="app-drawer" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 288, maxWidth: "85vw" } }, transition: { appear: true } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
        <Brand />
        <IconButton aria-label={t("header.closeMenu")} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t("nav.main")}>
        {/* the links side by side in a <div>: a list may hold only <li> */}
        <List component="div" sx={{ px: 1 }}>
          {items.map((item) => {
            const current = isCurrent(item, path);
            const Icon = ICONS[item.href];
            return (
              <ListItemButton
                key={item.href}
                component={Link}
                href={item.href}
                selected={current}
                aria-current={current ? "page" : undefined}
                onClick={onClose}
                sx={{ borderRadius: 2, mb: 0.25, "&.Mui-selected": { color: "primary.main", "& .MuiListItemIcon-root": { color: "primary.main" } } }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{Icon && <Icon />}</ListItemIcon>
                <ListItemText primary={t(`nav.${item.label}`)} slotProps={{ primary: { sx: { fontWeight: current ? 600 : 500 } } }} />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
      <Box sx={{ mt: "auto", px: 2, py: 2, borderTop: 1, borderColor: "divider", display: "flex", alignItems: "center", gap: 1.5 }}>
        <InitialsAvatar initials={initials} />
        <Box sx={{ minWidth: 0 }}>
          <Text sx={{ fontWeight: 600 }} noWrap>{user.name}</Text>
          {user.name !== user.email && <Text variant="body2" color="textSecondary" noWrap>{user.email}</Text>}
        </Box>
      </Box>
    </Drawer>
  );
}
