"use client";
import Box from "@mui/material/Box";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { EnergySummaryCard } from "@/components/energy/energy-summary-card";
import { MeterSyncList } from "@/components/energy/meter-sync";

/** Home's energy history, with a Linky linked: the My Energy summary, then each meter's history sync. */
export function EnergyHistory() {
  const t = useTranslations("home");
  return (
    <Box component="section" aria-labelledby="history-title" sx={{ mb: 4, maxWidth: 720 }}>
      <Text id="history-title" variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
        {t("history.title")}
      </Text>
      <EnergySummaryCard />
      <MeterSyncList compact />
    </Box>
  );
}
