"use client";
import { useTranslations } from "use-intl";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { StatusPanel } from "./status-panel";

/** What a signed-in user sees on a page their role does not allow (HTTP 403). */
export function ForbiddenNotice({ children }: { children?: React.ReactNode }) {
  const t = useTranslations("common.status");
  return (
    <StatusPanel icon={<LockOutlined />} eyebrow={t("forbiddenEyebrow")} title={t("forbiddenTitle")} tone="error">
      {children ?? t("forbiddenText")}
    </StatusPanel>
  );
}
