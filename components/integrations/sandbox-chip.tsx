"use client";
import { Tag } from "@/components/ui/tag";
import ScienceOutlined from "@mui/icons-material/ScienceOutlined";
import { useTranslations } from "use-intl";

/**
 * "Sandbox data": the integration's data comes from Foyer's stand-in for the vendor. The label is
 * in the text colour (the orange of the border and the flask reads 2:1 as text on white).
 */
export function SandboxChip() {
  const t = useTranslations("integrations.home");
  return <Tag color="secondary" variant="outlined" icon={<ScienceOutlined />} label={t("sandboxChip")} textInk />;
}
