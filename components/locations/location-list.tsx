"use client";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { NextLink as Link } from "@/components/ui/next-link";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import { Tag } from "@/components/ui/tag";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import { send } from "@/lib/swr/fetcher";
import { deviceTypeLabel, measureTypeLabel, phaseLabel } from "@/lib/devices/labels";
import { countryLabel } from "@/components/ui/labels";
import type { DeviceInfo } from "@/lib/swr/use-devices";
import { locationUrl, revalidateLocations, useLocations, type LocationView } from "@/lib/swr/use-locations";
// every user's e-mail by id, for an admin (GET /api/v1/users; the same read as the schedules' owners)
import { useScheduleOwners as useOwnerEmails } from "@/lib/swr/use-schedules";
import { PHASES } from "@/lib/enums";
import { measurementLimit } from "@/lib/devices/rules";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { primaryTint } from "@/lib/ui/tints";
import { coordinateText } from "./coordinate";

const ConfirmDialog = lazyWhenOpen(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", m: "-1px", p: 0, border: 0 } as const;

/** Whether a code is one of a list (an API value the catalog names). */
const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T => (list as readonly string[]).includes(value ?? "");


/** /locations/: the caller's locations (an admin's: everyone's), each with its devices and their measurements. */
export function LocationList({ callerId, isAdmin }: { callerId: number; isAdmin: boolean }) {
  const { data, error, isLoading, mutate } = useLocations();
  // an admin sees other users' locations: named by their owner's e-mail (their id until it loads)
  const owners = useOwnerEmails(isAdmin);
  const [deleting, setDeleting] = useState<LocationView | null>(null);
  const toast = useToast();
  const t = useTranslations("locations");

  return (
    <>
      <Box sx={{ display: "flex", alignItems: { xs: "stretch", sm: "flex-end" }, justifyContent: "space-between", gap: 2, mb: 3, flexDirection: { xs: "column", sm: "row" } }}>
        <Box>
          <Text variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 0.75 }}>
            {t("page.title")}
          </Text>
          <Text color="textSecondary">{t("page.intro")}</Text>
        </Box>
        <Button component={Link} href="/locations/new" variant="contained" startIcon={<Add />} sx={{ flexShrink: 0 }}>
          {t("page.add")}
        </Button>
      </Box>
      {isAdmin && (
        <Notice severity="info" sx={{ mb: 3 }}>
          {t("page.adminNote")}
        </Notice>
      )}
      {error ? (
        <ErrorState error={error} what={t("page.what")} onRetry={() => mutate()} />
      ) : isLoading || !data ? (
        <LoadingState label={t("page.loading")} />
      ) : !data.length ? (
        <EmptyState
          icon={PlaceOutlined}
          title={t("page.emptyTitle")}
          action={
            <Button component={Link} href="/locations/new" variant="contained" startIcon={<Add />}>
              {t("page.emptyAction")}
            </Button>
          }
        >
          {t("page.emptyText")}
        </EmptyState>
      ) : (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
          {data.map((l) => (
            <LocationCard key={l.id} location={l} owner={isAdmin && l.owner_id !== callerId ? (owners.get(l.owner_id) ?? t("page.owner", { id: String(l.owner_id) })) : null} onDelete={() => setDeleting(l)} />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("page.deleteTitle")}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await send("DELETE", locationUrl(deleting.id));
          await revalidateLocations();
          toast.success(t("page.deleted"));
          setDeleting(null);
        }}
      >
        {deleting && t("page.deleteText", { name: deleting.name, count: deleting.devices_info.length })}
      </ConfirmDialog>
    </>
  );
}

/** One location and its devices; `owner` names another user's (for an admin), else null. */
function LocationCard({ location: l, owner, onDelete }: { location: LocationView; owner: string | null; onDelete: () => void }) {
  const t = useTranslations("locations.card");
  const tcommon = useTranslations("common");
  const locale = useLocale();
  const titleId = `location-${l.id}`;
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1.5, mb: 2 }}>
        <Box aria-hidden sx={{ width: 44, height: 44, flexShrink: 0, borderRadius: 2.5, display: { xs: "none", sm: "grid" }, placeItems: "center", bgcolor: primaryTint(), color: "primary.main" }}>
          <PlaceOutlined />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Text id={titleId} variant="h2" sx={{ fontSize: "1.3rem", overflowWrap: "anywhere" }}>
            {l.name}
          </Text>
          <Text variant="body2" color="textSecondary">
            {t("place", { country: countryLabel(l.country, tcommon), lat: coordinateText(l.lat, locale), lon: coordinateText(l.lon, locale) })}
          </Text>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>
            <Tag label={t("devices", { count: l.devices_info.length })} />
            {owner && (
              <Tag
                variant="outlined"
                icon={<PersonOutlined aria-hidden />}
                label={
                  <>
                    <Box component="span" sx={VISUALLY_HIDDEN}>
                      {t("ownerLabel")}
                    </Box>
                    {owner}
                  </>
                }
              />
            )}
          </Box>
        </Box>
        <Box sx={{ display: "flex", gap: 0.5, flexShrink: 0 }}>
          <Button component={Link} href={`/locations/${l.id}/edit`} size="small" startIcon={<EditOutlined />} aria-label={t("editLabel", { name: l.name })}>
            {t("edit")}
          </Button>
          {/* the browser's own tooltip: MUI's Tooltip (and Popper) weighed 11 KiB on this page alone */}
          <IconButton size="small" color="error" onClick={onDelete} aria-label={t("deleteLabel", { name: l.name })} title={t("delete")}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      {l.devices_info.length ? (
        // one, two, then three columns (600 and 900 px), as MUI's Grid laid them out, without a
        // Grid element per device rendered on every request
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" } }}>
          {l.devices_info.map((d) => (
            <DeviceCard key={d.id} device={d} />
          ))}
        </Box>
      ) : (
        <Text color="textSecondary" sx={{ py: 1 }}>
          {t("noDevices")}
        </Text>
      )}
    </Paper>
  );
}

function DeviceCard({ device: d }: { device: DeviceInfo }) {
  // a single-phase spoony or shelly measures several channels: name the channel of each
  const channels = measurementLimit(d.device_type, d.phase_m) === 3;
  const t = useTranslations("locations.card");
  // the device's type in words (Spoony, Shelly, "Other or unknown"), as the device pages name it
  const tl = useTranslations("devices.labels");
  return (
    <Card variant="outlined" component="article" aria-label={t("device", { id: d.device_id })} sx={{ height: "100%", display: "flex", flexDirection: "column", borderRadius: 2.5, bgcolor: "background.default" }}>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Text sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{d.device_id}</Text>
        <Text variant="body2" color="textSecondary" sx={{ mb: 1.25 }}>
          {[deviceTypeLabel(d.device_type, tl) ?? t("typeNotSet"), isOneOf(PHASES, d.phase_m) ? phaseLabel(d.phase_m, tl) : null].filter(Boolean).join(" · ")}
        </Text>
        {d.metadata.length ? (
          <Box component="ul" aria-label={t("measurements")} sx={{ m: 0, pl: 2.25, "& li": { mb: 0.25 } }}>
            {d.metadata.map((m) => (
              <Text component="li" variant="body2" key={m.id} sx={{ overflowWrap: "anywhere" }}>
                {m.display_name ?? m.name} · {measureTypeLabel(m.measure_type, tl)}
                {channels && ` (${m.name})`}
              </Text>
            ))}
          </Box>
        ) : (
          <Text variant="body2" color="textSecondary">
            {t("noMeasurements")}
          </Text>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5, pt: 0 }}>
        <Button component={Link} href={`/device-info/${d.id}`} size="small" aria-label={t("viewLabel", { id: d.device_id })}>
          {t("view")}
        </Button>
      </CardActions>
    </Card>
  );
}
