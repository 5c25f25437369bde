"use client";

import { startTransition } from "react";
import { useRouter } from "next/navigation";
import CloudOffOutlined from "@mui/icons-material/CloudOffOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslations } from "use-intl";
import { StatusPanel } from "@/components/layout/status-panel";

/**
 * A page that could not be rendered: most often the database is briefly unavailable (the API
 * answers 503 then). Says so plainly, with a way to try again; the server logged the cause.
 */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.status");
  const router = useRouter();
  // the server components run again (refresh), then the boundary renders them (reset)
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <Box component="main" sx={{ p: 2 }}>
      <StatusPanel icon={<CloudOffOutlined />} eyebrow={t("errorEyebrow")} title={t("errorTitle")} tone="error">
        {t("errorText")}
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={retry}>
            {t("tryAgain")}
          </Button>
        </Box>
      </StatusPanel>
    </Box>
  );
}
