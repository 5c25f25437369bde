"use client";
import { useId, useState } from "react";
import { NextLink as Link } from "@/components/ui/next-link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { Brand } from "./brand";
import { ColorSchemeSwitch } from "./color-scheme-switch";
import { PlainIcon } from "@/components/ui/plain-icon";
import b from "@/components/ui/button-reset.module.css";
import s from "./frame.module.css";
import { InitialsAvatar } from "./initials-avatar";
import { LanguageSwitch } from "./language-switch";
import { APP_NAV, isCurrent } from "./nav-items";

/** Material's Menu icon */
const MENU_ICON = "M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z";

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
  const t = useTranslations("common");
  const path = usePathname() ?? "/";
  const items = APP_NAV.filter((i) => !i.adminOnly || user.isAdmin);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  return (
    <header className={s.bar}>
      <div className={s.toolbar}>
        <button
          type="button"
          className={`${b.reset} ${s.iconButton} ${s.menuButton}`}
          aria-label={t("header.openMenu")}
          aria-controls={drawerOpen ? "app-drawer" : undefined}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <PlainIcon d={MENU_ICON} />
        </button>
        <Brand />
        <nav className={s.mainNav} aria-label={t("nav.main")}>
          {items.map((item) => {
            const current = isCurrent(item, path);
            return (
              <Link key={item.href} href={item.href} className={s.navLink} aria-current={current ? "page" : undefined}>
                {t(`nav.${item.label}`)}
              </Link>
            );
          })}
        </nav>
        <div className={s.spacer} />
        <LanguageSwitch iconFrom="xl" />
        <ColorSchemeSwitch />
        <button
          type="button"
          className={`${b.reset} ${s.accountButton}`}
          id={buttonId}
          aria-label={t("header.accountMenu", { name: user.name })}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={Boolean(menuAnchor)}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <InitialsAvatar initials={initials(user.name)} />
          <span className={s.accountName}>{user.name}</span>
        </button>
        <AccountMenu id={menuId} buttonId={buttonId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} user={user} />
      </div>

      <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={items} path={path} user={user} initials={initials(user.name)} />
    </header>
  );
}
