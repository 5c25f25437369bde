"use client";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { EnergySummaryCard } from "@/components/energy/energy-summary-card";
import { MeterSyncList } from "@/components/energy/meter-sync";
import s from "./home.module.css";

/** Home's energy history, with a Linky linked: the My Energy summary, then each meter's history sync. */
export function EnergyHistory() {
  const t = useTranslations("home");
  return (
    <section aria-labelledby="history-title" className={s.history}>
      <Text id="history-title" variant="h2" className={s.historyTitle}>
        {t("history.title")}
      </Text>
      <EnergySummaryCard />
      <MeterSyncList compact />
    </section>
  );
}
