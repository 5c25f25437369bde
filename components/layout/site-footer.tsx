"use client";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import s from "./frame.module.css";

/** The footer of every page: the privacy policy and a contact link (`contact`: the deployment's CONTACT_EMAIL, from the page). */
export function SiteFooter({ contact }: { contact: string }) {
  const t = useTranslations("common");
  return (
    <footer className={s.footer}>
      <div className={`${s.width} ${s.footerRow}`}>
        <p className={s.footerText}>
          © {new Date().getFullYear()} Foyer · {t("footer.tagline")}
        </p>
        <nav aria-label={t("nav.footer")} className={s.footerNav}>
          <NextLink href="/privacy" className={s.footerLink}>
            {t("footer.privacy")}
          </NextLink>
          <a href={`mailto:${contact}`} className={s.footerLink}>
            {t("footer.contact")}
          </a>
        </nav>
      </div>
    </footer>
  );
}
