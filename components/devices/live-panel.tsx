"use client";
// The device's Live panel: online or not and when it was last heard from, the last message it
// sent that was refused, and each measurement's power now and energy today (GET .../live, read
// again every 5 s while the page is shown: lib/swr/use-telemetry.ts). The page's server render
// brings the first answer (lib/http/prefetch.ts), so the panel opens with its readings.
import Paper from "@mui/material/Paper";
import { useLocale, useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { Tag } from "@/components/ui/tag";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { EmptyState } from "@/components/ui/empty-state";
import { parisDayTimeText } from "@/components/ui/dates";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { kwhText, vaText, wattsText } from "@/components/energy/format";
import { RefusedMessage } from "./refused-message";
import { useDeviceLive, type LiveMeasurement, type LiveView } from "@/lib/swr/use-telemetry";
import { agoOf, flowOf } from "./live-text";
import { useNow } from "./use-now";
import s from "./telemetry.module.css";

export const PANEL_SX = { p: { xs: 2.5, sm: 3 }, borderRadius: 3, mt: 3 } as const;
export const TITLE_SX = { fontSize: "1.3rem" } as const;

/** "12 s ago" from `at` (ISO), again every second; the time in Paris while the page hydrates, and as its tooltip. */
function AgoText({ at, words }: { at: string; words?: (ago: string) => string }) {
  const t = useTranslations("devices.live.ago");
  const locale = useLocale();
  const now = useNow();
  const date = new Date(at);
  const full = parisDayTimeText(date, locale);
  let ago = full;
  if (now !== null) {
    const { unit, count } = agoOf(date.getTime(), now);
    ago = t(unit, { count });
  }
  return (
    <time dateTime={at} title={full}>
      {words ? words(ago) : ago}
    </time>
  );
}

const PRESENCE = { online: "success", offline: "warning", never: "default" } as const;

/** Online, offline or never heard from, and when last seen. */
function Presence({ live }: { live: LiveView }) {
  const t = useTranslations("devices.live");
  const state = live.online === null ? "never" : live.online ? "online" : "offline";
  return (
    <div className={s.status}>
      <Tag label={t(state)} color={PRESENCE[state]} variant="outlined" textInk={state === "offline"} strong />
      <span>{live.last_seen ? <AgoText at={live.last_seen} words={(ago) => t("lastSeen", { ago })} /> : t("notSeen")}</span>
    </div>
  );
}

function Reading({ m }: { m: LiveMeasurement }) {
  const t = useTranslations("devices.live");
  const locale = useLocale();
  const kwh = (wh: number) => kwhText(wh / 1000, true, locale);
  return (
    <li className={s.reading}>
      <Text className={s.name}>{m.display_name ?? m.name}</Text>
      <p className={s.power}>{m.power_w === null ? t("noReading") : t(`flow.${flowOf(m, m.power_w)}`, { power: wattsText(Math.abs(m.power_w), locale) })}</p>
      <p className={s.small}>{t("today", { import: kwh(m.import_wh_today), export: kwh(m.export_wh_today) })}</p>
      {/* a Linky's TIC: its apparent power, in VA (never taken for W) */}
      {m.apparent_va !== null && <p className={s.small}>{t("apparent", { va: vaText(m.apparent_va, locale) })}</p>}
      {/* the line is there before the first reading too: nothing moves when it comes */}
      <p className={s.small}>{m.at ? <AgoText at={m.at} words={(ago) => t("readAt", { ago })} /> : "\u00a0"}</p>
    </li>
  );
}

function Readings({ live }: { live: LiveView }) {
  const t = useTranslations("devices.live");
  if (!live.measurements.length) return <EmptyState>{t("noMeasurements")}</EmptyState>;
  if (live.online === null && live.measurements.every((m) => m.power_w === null)) return <EmptyState>{t("empty")}</EmptyState>;
  return (
    <ul aria-label={t("readings")} className={s.readings}>
      {live.measurements.map((m) => (
        <Reading key={m.id} m={m} />
      ))}
    </ul>
  );
}

/** The device's Live panel (see the top of this file). */
export function LivePanel({ deviceId }: { deviceId: number }) {
  const t = useTranslations("devices.live");
  const failure = useErrorMessage();
  const { data, error, mutate } = useDeviceLive(deviceId);
  return (
    <Paper component="section" aria-labelledby="live-title" variant="outlined" sx={PANEL_SX}>
      <div className={s.head}>
        <Text id="live-title" variant="h2" sx={TITLE_SX}>
          {t("title")}
        </Text>
        {data && <Presence live={data} />}
      </div>
      {data ? (
        <div className={s.stack}>
          {/* a later read that failed: the readings shown are the last ones received */}
          {error && (
            <Text variant="body2" color="textSecondary" role="status">
              {t("notUpdated", { detail: failure(error) })}
            </Text>
          )}
          {data.last_error && (
            <Notice severity="warning" role="status">
              <NoticeTitle>
                <AgoText at={data.last_error.at} words={(ago) => t("errorTitle", { ago })} />
              </NoticeTitle>
              <RefusedMessage kind={data.last_error.kind} reason={data.last_error.reason} />
              <div>{t("errorHelp")}</div>
            </Notice>
          )}
          <Readings live={data} />
        </div>
      ) : error ? (
        <ErrorState error={error} what={t("what")} onRetry={() => mutate()} />
      ) : (
        <Placeholder height={132} label={t("loading")} />
      )}
    </Paper>
  );
}
