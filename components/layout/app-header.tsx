"use client";
import { useId, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import AppBar from "@mui/material/AppBar";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import MenuIcon from "@mui/icons-material/Menu";
import CloseIcon from "@mui/icons-material/Close";
import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import { Brand } from "./brand";
import { APP_NAV, isCurrent } from "./nav-items";

export type HeaderUser = {
  /** the full name, or the e-mail when there is no first name */
  name: string;
  email: string;
  isAdmin: boolean;
};

function initials(name: string): string {
  const words = name.includes("@") ? [name] : name.split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? "").join("") || "?";
}

/**
 * The logged-in top bar: the navigation inline on large screens, behind a menu button (a drawer) at
 * medium width and below; the avatar menu (My Account, Logout) on the right.
 */
export function AppHeader({ user }: { user: HeaderUser }) {
  const path = usePathname() ?? "/";
  const items = APP_NAV.filter((i) => !i.adminOnly || user.isAdmin);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <Toolbar sx={{ gap: 1, px: { xs: 1.5, sm: 2.5 }, minHeight: { xs: 60, sm: 64 } }}>
        <IconButton
          aria-label="Open menu"
          aria-controls={drawerOpen ? "app-drawer" : undefined}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { lg: "none" } }}
        >
          <MenuIcon />
        </IconButton>
        <Brand />
        <Box component="nav" aria-label="Main" sx={{ display: { xs: "none", lg: "flex" }, ml: 3, gap: 0.25, flexWrap: "nowrap" }}>
          {items.map((item) => {
            const current = isCurrent(item, path);
            return (
              <Button
                key={item.href}
                component={Link}
                href={item.href}
                aria-current={current ? "page" : undefined}
                sx={(t) => ({
                  px: 1.25,
                  whiteSpace: "nowrap",
                  color: current ? "primary.main" : "text.secondary",
                  bgcolor: current ? alpha(t.palette.primary.main, 0.1) : "transparent",
                  "&:hover": { color: "primary.main", bgcolor: alpha(t.palette.primary.main, current ? 0.14 : 0.06) },
                  "&.Mui-focusVisible": { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: 1 },
                })}
              >
                {item.label}
              </Button>
            );
          })}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ButtonBase
          id={buttonId}
          aria-label={`Account menu of ${user.name}`}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={Boolean(menuAnchor)}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
          sx={{ gap: 1, borderRadius: 999, p: 0.5, pr: { xs: 0.5, lg: 1.5 }, "&:hover": { bgcolor: "action.hover" }, "&.Mui-focusVisible": { outline: "2px solid", outlineColor: "primary.main" } }}
        >
          <Avatar sx={{ width: 36, height: 36, bgcolor: "primary.main", fontSize: 15, fontWeight: 600 }}>{initials(user.name)}</Avatar>
          <Typography component="span" noWrap sx={{ display: { xs: "none", lg: "block" }, maxWidth: { lg: 160, xl: 220 }, fontWeight: 500, fontSize: 14 }}>
            {user.name}
          </Typography>
        </ButtonBase>
        <Menu
          id={menuId}
          anchorEl={menuAnchor}
          open={Boolean(menuAnchor)}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
          transformOrigin={{ vertical: "top", horizontal: "right" }}
          slotProps={{ list: { "aria-labelledby": buttonId }, paper: { sx: { mt: 1, minWidth: 220 } } }}
        >
          <Box sx={{ px: 2, py: 1 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>{user.name}</Typography>
            {user.name !== user.email && <Typography variant="body2" color="text.secondary" noWrap>{user.email}</Typography>}
          </Box>
          <Divider />
          <MenuItem component={Link} href="/protected" onClick={() => setMenuAnchor(null)}>
            <ListItemIcon><AccountCircleOutlined fontSize="small" /></ListItemIcon>
            My Account
          </MenuItem>
          <MenuItem component={Link} href="/logout" onClick={() => setMenuAnchor(null)}>
            <ListItemIcon><LogoutOutlined fontSize="small" /></ListItemIcon>
            Logout
          </MenuItem>
        </Menu>
      </Toolbar>

      <Drawer id="app-drawer" open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { sx: { width: 288, maxWidth: "85vw" } } }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
          <Brand />
          <IconButton aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Main">
          <List sx={{ px: 1 }}>
            {items.map((item) => {
              const current = isCurrent(item, path);
              const Icon = item.icon;
              return (
                <ListItemButton
                  key={item.href}
                  component={Link}
                  href={item.href}
                  selected={current}
                  aria-current={current ? "page" : undefined}
                  onClick={() => setDrawerOpen(false)}
                  sx={{ borderRadius: 2, mb: 0.25, "&.Mui-selected": { color: "primary.main", "& .MuiListItemIcon-root": { color: "primary.main" } } }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}><Icon /></ListItemIcon>
                  <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: current ? 600 : 500 } } }} />
                </ListItemButton>
              );
            })}
          </List>
        </Box>
        <Box sx={{ mt: "auto", px: 2, py: 2, borderTop: 1, borderColor: "divider", display: "flex", alignItems: "center", gap: 1.5 }}>
          <Avatar sx={{ width: 36, height: 36, bgcolor: "primary.main", fontSize: 15, fontWeight: 600 }}>{initials(user.name)}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>{user.name}</Typography>
            {user.name !== user.email && <Typography variant="body2" color="text.secondary" noWrap>{user.email}</Typography>}
          </Box>
        </Box>
      </Drawer>
    </AppBar>
  );
}
