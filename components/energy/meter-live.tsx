"use client";
// My Energy's live line: what the household's Linky says now through its TIC port (a device whose
// format is `teleinfo`, read by teleinfo2mqtt: docs/telemetry.md), beside the history Enedis gives
// the day after. The power is the last minute's mean from the meter's index (a TIC gives no W),
// the apparent power is in VA (never taken for W), today's energy comes from the index. Read every
// 5 s while the page is seen; nothing for a household without such a device. Loaded by
// next/dynamic from my-energy-view.tsx.
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { useLocale, useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { Text } from "@/components/ui/text";
import { useEnergyNow } from "@/lib/swr/use-telemetry-household";
import { useDeviceLive } from "@/lib/swr/use-telemetry";
import { kwhText, vaText, wattsText } from "./format";

/**
 * The TIC readers of the meter shown (`prm`), one line each: a reader whose standard-mode frames
 * name this meter's PRM, or one that names none (a historic-mode frame, or none yet), which
 * cannot be placed (said so when the household has several meters); a reader of another of its
 * meters is on that meter's view.
 */
export function MeterLive({ prm, several }: { prm: string; several: boolean }) {
  const { data } = useEnergyNow(true, false);
  const readers = data?.devices.filter((d) => d.format === "teleinfo" && (d.meter_prm === null || d.meter_prm === prm)) ?? [];
  return readers.map((d) => <TicLine key={d.id} id={d.id} device={d.device} unplaced={several && d.meter_prm === null} />);
}

function TicLine({ id, device, unplaced }: { id: number; device: string; unplaced: boolean }) {
  const t = useTranslations("energy.meterLive");
  const locale = useLocale();
  const { data } = useDeviceLive(id);
  const m = data?.measurements[0];
  const online = data?.online === true;
  const figures = m
    ? [
        t("power", { power: wattsText(m.power_w, locale) }),
        m.apparent_va === null ? null : t("apparent", { va: vaText(m.apparent_va, locale) }),
        t("today", { kwh: kwhText(m.import_wh_today / 1000, true, locale) }),
      ].filter((x): x is string => x !== null)
    : [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`tic-${id}`} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", flex: "none", bgcolor: online ? "success.main" : "text.disabled" }} />
        <Text id={`tic-${id}`} component="h3" sx={{ fontWeight: 600, fontSize: "1rem" }}>
          {t("title")}
        </Text>
        <Text variant="body2" color="textSecondary">
          {data ? t(online ? "online" : "offline") : t("loading")}
          {unplaced ? ` · ${t("unplaced")}` : null}
        </Text>
      </Box>
      <Text sx={{ fontVariantNumeric: "tabular-nums", minWidth: 0 }}>
        {figures.join(" · ")}
      </Text>
      <NextLink href={`/device-info/${id}`} style={{ marginLeft: "auto" }} aria-label={t("openLabel", { device })}>
        {t("open")}
      </NextLink>
    </Paper>
  );
}
