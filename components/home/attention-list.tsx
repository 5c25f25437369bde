"use client";
import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import LinkIcon from "@mui/icons-material/Link";
import LinkOff from "@mui/icons-material/LinkOff";
import SensorsOff from "@mui/icons-material/SensorsOffOutlined";
import SyncIcon from "@mui/icons-material/Sync";
import SyncProblem from "@mui/icons-material/SyncProblem";
import { useLocale, useTranslations } from "use-intl";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { dayTimeText, parisDayTimeText } from "@/components/ui/dates";
import { NextLink } from "@/components/ui/next-link";
import { useToast } from "@/components/ui/toast-provider";
import { errorMessage } from "@/lib/swr/fetcher";
import { fetchConsentLink, type Vendor } from "@/lib/swr/use-integrations";
import { syncMeterNow } from "@/lib/swr/use-meters";
import type { MeterView } from "@/lib/serializers/meter";
import type { NowAttention } from "@/lib/swr/use-telemetry-household";
import { RefusedMessage } from "@/components/devices/refused-message";
import { errorTint, warningTint } from "@/lib/ui/tints";

export type AttentionProps = {
  /** the vendors to link again (their integration has needs_relink) */
  relink: Vendor[];
  /** the meters whose last history sync failed */
  failed: MeterView[];
  /** the devices on MQTT that went silent or whose messages are refused */
  devices: NowAttention[];
};

/** Home's "Needs your attention": each thing to fix in a line, with the button that fixes it. */
export function AttentionList({ relink, failed, devices }: AttentionProps) {
  const t = useTranslations("home.attention");
  return (
    <Box component="section" aria-labelledby="attention-title" sx={{ mb: 4, maxWidth: 720 }}>
      <Text id="attention-title" variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
        {t("title")}
      </Text>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "grid", gap: 1 }}>
        {relink.map((vendor) => (
          <Relink key={vendor} vendor={vendor} />
        ))}
        {failed.map((meter) => (
          <FailedSync key={meter.id} meter={meter} />
        ))}
        {devices.map((device) => (
          <DeviceProblem key={device.id} device={device} />
        ))}
      </Box>
    </Box>
  );
}

function Item({ tone, icon, title, children, action }: { tone: "warning" | "error"; icon: React.ReactNode; title: string; children: React.ReactNode; action: React.ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        alignItems: { xs: "flex-start", sm: "center" },
        flexWrap: "wrap",
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: `${tone}.main`,
        borderRadius: 2,
        bgcolor: tone === "warning" ? warningTint() : errorTint(),
      }}
    >
      <Box aria-hidden sx={{ display: "flex", color: `${tone}.main`, pt: { xs: 0.25, sm: 0 } }}>
        {icon}
      </Box>
      <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
        <Text component="h3" sx={{ fontWeight: 600, fontSize: "0.95rem" }}>
          {title}
        </Text>
        {children}
      </Box>
      <Box sx={{ flexShrink: 0, ml: { xs: 4.5, sm: 0 } }}>{action}</Box>
    </Box>
  );
}

/** An integration the vendor no longer accepts: its consent page again, straight from Home. */
function Relink({ vendor }: { vendor: Vendor }) {
  const t = useTranslations("home.attention");
  const ti = useTranslations("integrations.cards");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const failure = useErrorMessage();
  const link = async () => {
    setBusy(true);
    setFailed(null);
    try {
      // stays busy: the browser is leaving for the vendor's consent page
      window.location.assign(await fetchConsentLink(vendor));
    } catch (e) {
      setFailed(failure(e));
      setBusy(false);
    }
  };
  return (
    <Item
      tone="warning"
      icon={<LinkOff />}
      title={ti(`${vendor}.title`)}
      action={
        <Button
          variant="contained"
          size="small"
          onClick={link}
          disabled={busy}
          aria-busy={busy}
          aria-label={ti(`${vendor}.linkAgain`)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LinkIcon />}
        >
          {t("relink")}
        </Button>
      }
    >
      <Text variant="body2">{vendor === "linky" ? t("relinkLinky") : t("relinkAccount", { vendor: ti(`${vendor}.title`) })}</Text>
      {failed && (
        <Text variant="body2" role="alert" color="error" sx={{ mt: 0.5 }}>
          {failed}
        </Text>
      )}
    </Item>
  );
}

/** A meter whose history sync failed: Foyer retries by itself; the household may try now. */
function FailedSync({ meter }: { meter: MeterView }) {
  const t = useTranslations("home.attention");
  const te = useTranslations("energy.sync");
  const locale = useLocale();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const id = meter.usage_point_id;
  const when = meter.sync.last_error_at ? dayTimeText(new Date(meter.sync.last_error_at), locale) : null;
  const retry = async () => {
    setBusy(true);
    try {
      await syncMeterNow(meter.id);
      toast.success(te("queuedToast"));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Item
      tone="error"
      icon={<SyncProblem />}
      title={te("meter", { id })}
      action={
        <Button variant="outlined" size="small" onClick={retry} disabled={busy} aria-label={t("retryLabel", { id })} startIcon={<SyncIcon />}>
          {t("retry")}
        </Button>
      }
    >
      <Text variant="body2">{when ? t("failedAt", { when }) : t("failed")}</Text>
      {meter.sync.last_error && (
        <Text variant="body2" color="textSecondary" sx={{ mt: 0.25, overflowWrap: "anywhere" }}>
          {meter.sync.last_error}
        </Text>
      )}
    </Item>
  );
}

/**
 * A device on MQTT that went silent, or whose last message was refused (what was refused as its
 * page says it: components/devices/refused-message.tsx): its page says more and holds its MQTT
 * settings. Paris time, as the server renders it.
 */
function DeviceProblem({ device }: { device: NowAttention }) {
  const t = useTranslations("home.attention");
  const locale = useLocale();
  const when = device.since ? parisDayTimeText(new Date(device.since), locale) : null;
  const offline = device.problem === "offline";
  return (
    <Item
      tone={offline ? "warning" : "error"}
      icon={offline ? <SensorsOff /> : <ErrorOutline />}
      title={t("device", { device: device.device })}
      action={
        <Button variant="outlined" size="small" component={NextLink} href={`/device-info/${device.id}`} aria-label={t("openDeviceLabel", { device: device.device })}>
          {t("openDevice")}
        </Button>
      }
    >
      <Text variant="body2">{offline ? (when ? t("offlineSince", { when }) : t("offline")) : when ? t("refusedAt", { when }) : t("refused")}</Text>
      {!offline && (
        <Text component="div" variant="body2" sx={{ mt: 0.25 }}>
          <RefusedMessage kind={device.kind} reason={device.detail} />
        </Text>
      )}
    </Item>
  );
}
