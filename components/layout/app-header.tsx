"use client";
import { useId, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import MenuIcon from "@mui/icons-material/Menu";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { Brand } from "./brand";
import { InitialsAvatar } from "./initials-avatar";
import { APP_NAV, isCurrent } from "./nav-items";

// closed, the drawer and the avatar's menu render nothing: their code loads when they first open
const AppDrawer = lazyWhenOpen(() => import("./app-drawer").then((m) => m.AppDrawer));
const AccountMenu = lazyWhenOpen(() => import("./account-menu").then((m) => m.AccountMenu));

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
          <InitialsAvatar initials={initials(user.name)} />
          <Typography component="span" noWrap sx={{ display: { xs: "none", lg: "block" }, maxWidth: { lg: 160, xl: 220 }, fontWeight: 500, fontSize: 14 }}>
            {user.name}
          </Typography>
        </ButtonBase>
        <AccountMenu id={menuId} buttonId={buttonId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} user={user} />
      </Toolbar>

      <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={items} path={path} user={user} initials={initials(user.name)} />
    </AppBar>
  );
}
