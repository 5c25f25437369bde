"use client";
import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { SandboxChip } from "./sandbox-chip";
import { Notice } from "@/components/ui/notice";
import s from "./home-integrations.module.css";
import p from "@/components/ui/panel.module.css";

// only a section whose vendor wants a new link shows an alert: its code loads then (rendered on the server)

/** One of the home's data sections: a titled panel, marked when its data comes from the sandbox. */
export function HomeSection({
  id,
  title,
  sandbox,
  needsRelink,
  action,
  children,
}: {
  id: string;
  title: string;
  sandbox?: boolean;
  /** the vendor no longer accepts Foyer's access: say so above the section's content */
  needsRelink?: boolean;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations("integrations.home");
  return (
    <section aria-labelledby={`${id}-title`} className={`${p.panel} ${s.section}`}>
      <div className={s.head}>
        <Text id={`${id}-title`} variant="h2" className={s.title}>
          {title}
        </Text>
        {sandbox && <SandboxChip />}
        {action}
      </div>
      {needsRelink && (
        <Notice
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button component={NextLink} href="/integrations-setup" color="inherit" size="small">
              {t("relink")}
            </Button>
          }
        >
          {t("relinkText")}
        </Notice>
      )}
      {children}
    </section>
  );
}

/** What a section says while its integration is not linked, with the way to link it. */
export function LinkHint({ children, linkLabel }: { children: React.ReactNode; linkLabel: string }) {
  return (
    <div className={s.hint}>
      <Text color="textSecondary" className={s.hintText}>
        {children}
      </Text>
      <Button component={NextLink} href="/integrations-setup" variant="outlined" className={s.hintButton}>
        {linkLabel}
      </Button>
    </div>
  );
}
