import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { NextLink } from "@/components/ui/next-link";
import s from "./page-header.module.css";

/** The title of a device or location page, a short line under it, its actions and a way back. */
export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { href: string; label: string };
}) {
  return (
    <header className={s.header}>
      {back && (
        <Button component={NextLink} href={back.href} startIcon={<ArrowBack />} size="small" className={s.back}>
          {back.label}
        </Button>
      )}
      <div className={s.row}>
        <div className={s.titles}>
          <Text variant="h1" className={subtitle ? `${s.title} ${s.withSubtitle}` : s.title}>
            {title}
          </Text>
          {subtitle && (
            <Text color="textSecondary" component="div">
              {subtitle}
            </Text>
          )}
        </div>
        {actions && <div className={s.actions}>{actions}</div>}
      </div>
    </header>
  );
}
