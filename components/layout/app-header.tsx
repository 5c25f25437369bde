"use client";
import { useId, useState } from "react";
import { NextLink as Link } from "@/components/ui/next-link";
import { usePathname } from "next/navigation";
import AppBar from "@mui/material/AppBar";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import { styled } from "@mui/material/styles";
import MenuIcon from "@mui/icons-material/Menu";
import { useTranslations } from "use-intl";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { Brand } from "./brand";
import { ColorSchemeSwitch } from "./color-scheme-switch";
import { InitialsAvatar } from "./initials-avatar";
import { LanguageSwitch } from "./language-switch";
import { APP_NAV, isCurrent } from "./nav-items";

// closed, the drawer and the avatar's menu render nothing: their code loads when they first open
const AppDrawer = lazyWhenOpen(() => import("./app-drawer").then((m) => m.AppDrawer));
const AccountMenu = lazyWhenOpen(() => import("./account-menu").then((m) => m.AccountMenu));

/**
 * A link of the top bar, drawn as a text Button (MUI's ButtonBase and Button styles, the theme's
 * weight 600, no capitals) in the secondary text colour, the current page marked by `aria-current`.
 * A plain link with its styles made once for all links, pages and requests: nine MUI Buttons cost
 * the server about 0.8 ms of every signed-in page (ButtonBase's hooks and Button's variants worked
 * out on each render), and the browser as much again to hydrate them. No ripple: the link's hover
 * and current colours are its feedback.
 */
const NavLink = styled(Link)(({ theme }) => {
  // the primary colour as the scheme has it (light or dark), at an opacity
  const wash = (opacity: number) => `rgba(${theme.vars.palette.primary.mainChannel} / ${opacity})`;
  return {
    display: "inline-flex",
    alignItems: "center",
    textDecoration: "none",
    userSelect: "none",
    ...theme.typography.button,
    textTransform: "none",
    fontWeight: 600,
    // tight from 1,200 px, where the nine links show inline (ten for an admin, in French too)
    padding: "6px 8px",
    paddingLeft: theme.spacing(0.75),
    paddingRight: theme.spacing(0.75),
    [theme.breakpoints.up("xl")]: { paddingLeft: theme.spacing(1.25), paddingRight: theme.spacing(1.25) },
    borderRadius: theme.vars.shape.borderRadius,
    transition: theme.transitions.create(["background-color", "color"], { duration: theme.transitions.duration.short }),
    whiteSpace: "nowrap",
    color: theme.vars.palette.text.secondary,
    backgroundColor: "transparent",
    "&:hover": { color: theme.vars.palette.primary.main, backgroundColor: wash(0.06) },
    "&[aria-current=page]": {
      color: theme.vars.palette.primary.main,
      backgroundColor: wash(0.1),
      "&:hover": { backgroundColor: wash(0.14) },
    },
    "&:focus-visible": { outline: `2px solid ${theme.vars.palette.primary.main}`, outlineOffset: 1 },
  };
});

// the bar's other parts, styled once (each was an sx object made and resolved on every render)
const Bar = styled(AppBar)(({ theme }) => ({
  borderBottom: "1px solid",
  borderColor: theme.vars.palette.divider,
  backgroundColor: theme.vars.palette.background.paper,
}));
const BarToolbar = styled(Toolbar)(({ theme }) => ({
  gap: theme.spacing(1),
  [theme.breakpoints.up("xs")]: { paddingLeft: theme.spacing(1.5), paddingRight: theme.spacing(1.5), minHeight: 60 },
  [theme.breakpoints.up("sm")]: { paddingLeft: theme.spacing(2.5), paddingRight: theme.spacing(2.5), minHeight: 64 },
}));
const MenuButton = styled(IconButton)(({ theme }) => ({ [theme.breakpoints.up("lg")]: { display: "none" } }));
const MainNav = styled("nav")(({ theme }) => ({
  [theme.breakpoints.up("xs")]: { display: "none" },
  [theme.breakpoints.up("lg")]: { display: "flex" },
  marginLeft: theme.spacing(1.5),
  [theme.breakpoints.up("xl")]: { marginLeft: theme.spacing(3) },
  gap: theme.spacing(0.25),
  flexWrap: "nowrap",
}));
const Spacer = styled("div")({ flexGrow: 1 });
const AccountButton = styled(ButtonBase)(({ theme }) => ({
  gap: theme.spacing(1),
  borderRadius: 999,
  padding: theme.spacing(0.5),
  [theme.breakpoints.up("xs")]: { paddingRight: theme.spacing(0.5) },
  [theme.breakpoints.up("xl")]: { paddingRight: theme.spacing(1.5) },
  "&:hover": { backgroundColor: theme.vars.palette.action.hover },
  "&.Mui-focusVisible": { outline: "2px solid", outlineColor: theme.vars.palette.primary.main },
}));
// the name beside the avatar on the widest screens only: at 1200-1535 px the bar holds the nine
// links in French or English, the language and the scheme (the avatar's menu names the user)
const AccountName = styled("span")(({ theme }) => ({
  ...theme.typography.body1,
  margin: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  [theme.breakpoints.up("xs")]: { display: "none" },
  [theme.breakpoints.up("xl")]: { display: "block", maxWidth: 220 },
  fontWeight: 500,
  fontSize: 14,
}));

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
  const t = useTranslations("common");
  const path = usePathname() ?? "/";
  const items = APP_NAV.filter((i) => !i.adminOnly || user.isAdmin);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  return (
    <Bar position="sticky" color="inherit" elevation={0}>
      <BarToolbar>
        <MenuButton
          aria-label={t("header.openMenu")}
          aria-controls={drawerOpen ? "app-drawer" : undefined}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </MenuButton>
        <Brand />
        <MainNav aria-label={t("nav.main")}>
          {items.map((item) => {
            const current = isCurrent(item, path);
            return (
              <NavLink key={item.href} href={item.href} aria-current={current ? "page" : undefined}>
                {t(`nav.${item.label}`)}
              </NavLink>
            );
          })}
        </MainNav>
        <Spacer />
        <LanguageSwitch iconFrom="xl" />
        <ColorSchemeSwitch />
        <AccountButton
          id={buttonId}
          aria-label={t("header.accountMenu", { name: user.name })}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={Boolean(menuAnchor)}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <InitialsAvatar initials={initials(user.name)} />
          <AccountName>
            {user.name}
          </AccountName>
        </AccountButton>
        <AccountMenu id={menuId} buttonId={buttonId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} user={user} />
      </BarToolbar>

      <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={items} path={path} user={user} initials={initials(user.name)} />
    </Bar>
  );
}
