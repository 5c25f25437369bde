"use client";
import { useTranslations } from "use-intl";
import { Tag } from "@/components/ui/tag";
import { Text } from "@/components/ui/text";
import { EDIT_ICON } from "@/components/ui/icon-paths";
import { PlainLinkButton } from "@/components/ui/plain-button";
import { useDeviceInfoList, useUserDevices, type UserDevice } from "@/lib/swr/use-devices";
import { useMyLocations, type LocationView } from "@/lib/swr/use-locations";
import { NoDevices } from "./device-list";
import { integrationLabel } from "@/components/ui/labels";
import { classificationLabel, dataSourceLabel, deviceTypeLabel, phaseLabel } from "@/lib/devices/labels";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import type { IntegrationChoice } from "./user-device-values";
import g from "@/components/ui/card-grid.module.css";
import s from "./user-device-grid.module.css";

/** My Devices: the caller's devices as cards, three a row on a wide screen, one on a phone. */
export function UserDeviceGrid({ callerId, integrations }: { callerId: number; integrations: IntegrationChoice[] }) {
  const t = useTranslations("devices");
  const { data, error, isLoading, mutate } = useUserDevices(callerId);
  const locations = useMyLocations();
  // the channels' display names are in the devices' other view (the same rows)
  const infos = useDeviceInfoList();
  if (error) return <ErrorState error={error} what={t("states.yourDevices")} onRetry={() => mutate()} />;
  if (isLoading || !data) return <LoadingState />;
  if (!data.length) return <NoDevices href="/user-devices/new" text={t("empty.userDevices")} />;
  const displayNames = new Map((infos.data ?? []).map((d) => [d.id, new Map(d.metadata.map((m) => [m.name, m.display_name]))]));
  return (
    <div className={`${g.grid} ${g.halvesFromSm}`}>
      {data.map((d) => (
        <UserDeviceCard key={d.id} device={d} displayNames={displayNames.get(d.id)} locations={locations.data} integrations={integrations} />
      ))}
    </div>
  );
}

/** A label and its value; the labels' column is as wide as the language needs (the stylesheet). */
function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={s.line}>
      <span className={s.label}>{label}</span>
      <span className={s.value}>{children}</span>
    </div>
  );
}

function UserDeviceCard({
  device: d,
  displayNames,
  locations,
  integrations,
}: {
  device: UserDevice;
  displayNames?: ReadonlyMap<string, string | null>;
  locations?: LocationView[];
  integrations: IntegrationChoice[];
}) {
  const t = useTranslations("devices.grid");
  const tl = useTranslations("devices.labels");
  const tcommon = useTranslations("common");
  const location = locations?.find((l) => l.id === d.location_id);
  const integration = integrations.find((i) => i.id === d.integration_id);
  const titleId = `device-${d.id}`;
  return (
    <article aria-labelledby={titleId} className={`${g.card} ${s.card}`}>
      <div className={s.content}>
        <div className={s.head}>
          <Text id={titleId} variant="h2" className={s.title}>
            {d.device_id}
          </Text>
          {d.device_type && <Tag color="primary" variant="outlined" label={deviceTypeLabel(d.device_type, tl)} />}
        </div>
        <Line label={t("location")}>{location ? location.name : d.location_id ? t("locationN", { id: String(d.location_id) }) : t("none")}</Line>
        <Line label={t("source")}>{dataSourceLabel(d.data.source, tl) ?? t("notSet")}</Line>
        {d.phase_m && <Line label={t("phase")}>{phaseLabel(d.phase_m, tl)}</Line>}
        {d.data.mqtt.host && <Line label={t("mqttHost")}>{d.data.mqtt.host}</Line>}
        {d.integration_id && (
          <Line label={t("integration")}>{integration ? integrationLabel(integration.name, tcommon) : t("integrationN", { id: String(d.integration_id) })}</Line>
        )}
        <Text variant="subtitle2" component="h3" className={s.channelsTitle}>
          {d.data.channels.length ? t("channels", { count: d.data.channels.length }) : t("noChannels")}
        </Text>
        {d.data.channels.length > 0 && (
          <ul className={s.channels}>
            {d.data.channels.map((c) => {
              const units = c.metadata.measurements.map((q) => q.unit).filter(Boolean);
              const shown = displayNames?.get(c.name);
              return (
                <li key={c.name}>
                  <span className={s.channelName}>{shown || c.name}</span>
                  {shown && shown !== c.name && <span className={s.channelId}>{c.name}</span>}
                  {c.classification && (
                    <Tag label={classificationLabel(c.classification, tl)} color={c.classification === "production" ? "secondary" : "default"} dense />
                  )}
                  {units.length > 0 && <span className={s.units}>{units.join(", ")}</span>}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className={`${g.actions} ${s.actions}`}>
        <PlainLinkButton href={`/user-devices/${d.id}/edit`} size="small" variant="outlined" startIcon={EDIT_ICON} aria-label={t("editLabel", { id: d.device_id })}>
          {t("edit")}
        </PlainLinkButton>
        <PlainLinkButton href={`/device-info/${d.id}`} size="small" aria-label={t("viewLabel", { id: d.device_id })}>
          {t("view")}
        </PlainLinkButton>
      </div>
    </article>
  );
}
