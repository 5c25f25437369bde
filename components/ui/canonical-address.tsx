"use client";
import { useSyncExternalStore } from "react";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "use-intl";
import { TextLink } from "./text-link";

/** The page's address never changes under a component: nothing to subscribe to. */
const noSubscription = () => () => {};
const currentHref = () => window.location.href;

/**
 * Shown when the page was opened at another address than Foyer's own (APP_URL), e.g. a home
 * server's LAN address while APP_URL says localhost: signing in works there, but e-mail links and
 * the vendors after linking an account send the browser to APP_URL, where that session does not
 * exist. The notice says so, with a link to the same page at APP_URL. Decided in the browser (the
 * page may be the same for every visitor, kept by the server), so nothing shows before hydration.
 */
export function CanonicalAddressNotice({ appUrl, why }: { appUrl: string; why: string }) {
  const t = useTranslations("common.ui");
  const href = useSyncExternalStore(noSubscription, currentHref, () => null);
  if (!href) return null;
  const here = new URL(href);
  const canonical = new URL(appUrl);
  if (here.origin === canonical.origin) return null;
  const target = new URL(here.pathname + here.search, canonical).toString();
  return (
    <Notice severity="info" sx={{ mb: 2.5 }}>
      {t("otherAddress", { here: here.host, canonical: canonical.host })} {why} <TextLink href={target}>{t("goTo", { host: canonical.host })}</TextLink>
    </Notice>
  );
}
