"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { Text } from "@/components/ui/text";
import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import { useTranslations } from "use-intl";
import type { HeaderUser } from "./app-header";

/** The avatar's menu: who is signed in, My Account and Logout (its code loads when it first opens). */
export function AccountMenu({
  id,
  buttonId,
  anchorEl,
  open,
  onClose,
  user,
}: {
  id: string;
  /** the avatar button that opens it, which names its list */
  buttonId: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  user: HeaderUser;
}) {
  const t = useTranslations("common.header");
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{ list: { "aria-labelledby": buttonId }, paper: { sx: { mt: 1, minWidth: 220 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Text sx={{ fontWeight: 600 }} noWrap>{user.name}</Text>
        {user.name !== user.email && <Text variant="body2" color="textSecondary" noWrap>{user.email}</Text>}
      </Box>
      <Divider />
      <MenuItem component={Link} href="/protected" onClick={onClose}>
        <ListItemIcon><AccountCircleOutlined fontSize="small" /></ListItemIcon>
        {t("myAccount")}
      </MenuItem>
      <MenuItem component={Link} href="/logout" onClick={onClose}>
        <ListItemIcon><LogoutOutlined fontSize="small" /></ListItemIcon>
        {t("logout")}
      </MenuItem>
    </Menu>
  );
}
