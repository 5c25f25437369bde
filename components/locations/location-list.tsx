"use client";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import { Tag } from "@/components/ui/tag";
import { Text } from "@/components/ui/text";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
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
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import { PlainIcon } from "@/components/ui/plain-icon";
import b from "@/components/ui/button-reset.module.css";
import p from "@/components/ui/panel.module.css";
import it from "@/components/ui/icon-tile.module.css";
import { ADD_ICON, EDIT_ICON, PLACE_ICON } from "@/components/ui/icon-paths";
import { PlainLinkButton } from "@/components/ui/plain-button";
import { coordinateText } from "./coordinate";
import s from "./location-list.module.css";

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
        <PlainLinkButton href="/locations/new" variant="contained" startIcon={ADD_ICON} className={s.add}>
          {t("page.add")}
        </PlainLinkButton>
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
            <PlainLinkButton href="/locations/new" variant="contained" startIcon={ADD_ICON}>
              {t("page.emptyAction")}
            </PlainLinkButton>
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

// Material's icon (Apache 2.0, as @mui/icons-material ships it), drawn by PlainIcon (the pin and
// the pencil in components/ui/icon-paths.ts)
const DELETE_ICON = "M16 9v10H8V9zm-1.5-6h-5l-1 1H5v2h14V4h-3.5zM18 7H6v12c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2z";

/**
 * One location and its devices; `owner` names another user's (for an admin), else null. Drawn with
 * plain elements and location-list.module.css: the page renders a dozen elements per device on
 * every request, and MUI's components worked out and wrote the styles of each.
 */
function LocationCard({ location: l, owner, onDelete }: { location: LocationView; owner: string | null; onDelete: () => void }) {
  const t = useTranslations("locations.card");
  const tcommon = useTranslations("common");
  const locale = useLocale();
  const titleId = `location-${l.id}`;
  return (
    <section aria-labelledby={titleId} className={`${p.panel} ${s.location}`}>
      <div className={s.head}>
        <div aria-hidden className={`${it.tile} ${s.tile}`}>
          <PlainIcon d={PLACE_ICON} />
        </div>
        <div className={s.about}>
          <Text id={titleId} variant="h2" className={s.title}>
            {l.name}
          </Text>
          <Text variant="body2" color="textSecondary">
            {t("place", { country: countryLabel(l.country, tcommon), lat: coordinateText(l.lat, locale), lon: coordinateText(l.lon, locale) })}
          </Text>
          <div className={s.tags}>
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
          </div>
        </div>
        <div className={s.actions}>
          <PlainLinkButton href={`/locations/${l.id}/edit`} size="small" startIcon={EDIT_ICON} aria-label={t("editLabel", { name: l.name })}>
            {t("edit")}
          </PlainLinkButton>
          {/* the browser's own tooltip: MUI's Tooltip (and Popper) weighed 11 KiB on this page alone */}
          <button type="button" className={`${b.reset} ${s.iconButton}`} onClick={onDelete} aria-label={t("deleteLabel", { name: l.name })} title={t("delete")}>
            <PlainIcon d={DELETE_ICON} />
          </button>
        </div>
      </div>
      {l.devices_info.length ? (
        <div className={s.devices}>
          {l.devices_info.map((d) => (
            <DeviceCard key={d.id} device={d} />
          ))}
        </div>
      ) : (
        <Text color="textSecondary" className={s.none}>
          {t("noDevices")}
        </Text>
      )}
    </section>
  );
}

function DeviceCard({ device: d }: { device: DeviceInfo }) {
  // a single-phase spoony or shelly measures several channels: name the channel of each
  const channels = measurementLimit(d.device_type, d.phase_m) === 3;
  const t = useTranslations("locations.card");
  // the device's type in words (Spoony, Shelly, "Other or unknown"), as the device pages name it
  const tl = useTranslations("devices.labels");
  return (
    <article aria-label={t("device", { id: d.device_id })} className={s.device}>
      <div className={s.deviceContent}>
        <Text className={s.deviceId}>{d.device_id}</Text>
        <Text variant="body2" color="textSecondary" className={s.deviceType}>
          {[deviceTypeLabel(d.device_type, tl) ?? t("typeNotSet"), isOneOf(PHASES, d.phase_m) ? phaseLabel(d.phase_m, tl) : null].filter(Boolean).join(" · ")}
        </Text>
        {d.metadata.length ? (
          <ul aria-label={t("measurements")} className={s.measures}>
            {d.metadata.map((m) => (
              <Text component="li" variant="body2" key={m.id}>
                {m.display_name ?? m.name} · {measureTypeLabel(m.measure_type, tl)}
                {channels && ` (${m.name})`}
              </Text>
            ))}
          </ul>
        ) : (
          <Text variant="body2" color="textSecondary">
            {t("noMeasurements")}
          </Text>
        )}
      </div>
      <div className={s.deviceActions}>
        <PlainLinkButton href={`/device-info/${d.id}`} size="small" aria-label={t("viewLabel", { id: d.device_id })}>
          {t("view")}
        </PlainLinkButton>
      </div>
    </article>
  );
}
