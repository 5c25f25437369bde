"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import { useLocale, useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import { Tag } from "@/components/ui/tag";
import Grid from "@mui/material/Grid";
import { Text } from "@/components/ui/text";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useDeviceInfoList, useUserDevices, type UserDevice } from "@/lib/swr/use-devices";
import { useMyLocations, type LocationView } from "@/lib/swr/use-locations";
import { NoDevices } from "./device-list";
import { integrationLabel } from "@/components/ui/labels";
import { classificationLabel, dataSourceLabel, deviceTypeLabel, phaseLabel } from "@/lib/devices/labels";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import type { IntegrationChoice } from "./user-device-values";

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
    <Grid container spacing={2.5}>
      {data.map((d) => (
        <Grid key={d.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <UserDeviceCard device={d} displayNames={displayNames.get(d.id)} locations={locations.data} integrations={integrations} />
        </Grid>
      ))}
    </Grid>
  );
}

// the labels' column: French's "Source de données" is wider than English's "Integration"
const LABEL_WIDTH: Record<string, number> = { en: 84, fr: 140 };

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  const width = LABEL_WIDTH[useLocale()] ?? 84;
  return (
    <Box sx={{ display: "flex", gap: 1, fontSize: 14, lineHeight: 1.7, minWidth: 0 }}>
      <Box component="span" sx={{ color: "text.secondary", flexShrink: 0, width }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 500, overflowWrap: "anywhere", minWidth: 0 }}>
        {children}
      </Box>
    </Box>
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
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column", borderRadius: 3 }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 1, mb: 1.5 }}>
          <Text id={titleId} variant="h2" sx={{ fontSize: "1.1rem", overflowWrap: "anywhere", minWidth: 0 }}>
            {d.device_id}
          </Text>
          {d.device_type && <Tag color="primary" variant="outlined" label={deviceTypeLabel(d.device_type, tl)} />}
        </Box>
        <Line label={t("location")}>{location ? location.name : d.location_id ? t("locationN", { id: String(d.location_id) }) : t("none")}</Line>
        <Line label={t("source")}>{dataSourceLabel(d.data.source, tl) ?? t("notSet")}</Line>
        {d.phase_m && <Line label={t("phase")}>{phaseLabel(d.phase_m, tl)}</Line>}
        {d.data.mqtt.host && <Line label={t("mqttHost")}>{d.data.mqtt.host}</Line>}
        {d.integration_id && (
          <Line label={t("integration")}>{integration ? integrationLabel(integration.name, tcommon) : t("integrationN", { id: String(d.integration_id) })}</Line>
        )}
        <Text variant="subtitle2" component="h3" sx={{ mt: 1.5, mb: 0.5 }}>
          {d.data.channels.length ? t("channels", { count: d.data.channels.length }) : t("noChannels")}
        </Text>
        {d.data.channels.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: 0.75 }}>
            {d.data.channels.map((c) => {
              const units = c.metadata.measurements.map((q) => q.unit).filter(Boolean);
              const shown = displayNames?.get(c.name);
              return (
                <Box component="li" key={c.name} sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", fontSize: 14 }}>
                  <Box component="span" sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>
                    {shown || c.name}
                  </Box>
                  {shown && shown !== c.name && (
                    <Box component="span" sx={{ color: "text.secondary", fontFamily: "monospace", overflowWrap: "anywhere" }}>
                      {c.name}
                    </Box>
                  )}
                  {c.classification && (
                    <Tag label={classificationLabel(c.classification, tl)} color={c.classification === "production" ? "secondary" : "default"} dense />
                  )}
                  {units.length > 0 && (
                    <Box component="span" sx={{ color: "text.secondary" }}>
                      {units.join(", ")}
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button component={Link} href={`/user-devices/${d.id}/edit`} variant="outlined" size="small" startIcon={<EditOutlined />} aria-label={t("editLabel", { id: d.device_id })}>
          {t("edit")}
        </Button>
        <Button component={Link} href={`/device-info/${d.id}`} size="small" aria-label={t("viewLabel", { id: d.device_id })}>
          {t("view")}
        </Button>
      </CardActions>
    </Card>
  );
}
