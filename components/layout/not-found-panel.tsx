"use client";
import { useTranslations } from "use-intl";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { StatusPanel } from "@/components/layout/status-panel";

/** The 404 panel: a link that leads nowhere, or an id the caller cannot see. */
export function NotFoundPanel() {
  const t = useTranslations("common.status");
  return (
    <StatusPanel icon={<SearchOffOutlined />} eyebrow={t("notFoundEyebrow")} title={t("notFoundTitle")}>
      {t("notFoundText")}
    </StatusPanel>
  );
}
