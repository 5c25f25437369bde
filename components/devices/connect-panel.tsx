"use client";
// The device's Connect panel: what to type into the device (the broker's address, TLS, the
// username, the password, the topic prefix, the format), each to copy; a new password, shown once;
// the prefix and the format to edit; the steps on the device for its format; and which measurement
// receives which channel. GET .../mqtt comes with the page's server render (lib/http/prefetch.ts).
import { useMemo, useRef, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import EditOutlined from "@mui/icons-material/EditOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { lazyComponent, lazyWhenOpen } from "@/components/ui/lazy";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import type { DeviceInfo } from "@/lib/swr/use-devices";
import { makeMqttPassword, useDeviceMqtt, type MqttPassword, type MqttView } from "@/lib/swr/use-telemetry";
import { channelSources } from "./live-text";
import { CopyButton } from "./copy-button";
import { ConnectSteps } from "./connect-steps";
import { ChannelNote } from "./channel-note";
import { PANEL_SX, TITLE_SX } from "./live-panel";
import s from "./telemetry.module.css";

// the editor, the confirmation and the password's dialog load when first opened
const MqttSettingsForm = lazyComponent(() => import("./mqtt-settings-form").then((m) => m.MqttSettingsForm));
const ConfirmDialog = lazyWhenOpen(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));
const PasswordDialog = lazyWhenOpen(() => import("./password-dialog").then((m) => m.PasswordDialog));

/** The password: whether there is one, and "Make a new password" (asked first when it replaces one). */
function PasswordField({ deviceId, view }: { deviceId: number; view: MqttView }) {
  const t = useTranslations("devices.connect");
  const toast = useToast();
  const failure = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [made, setMade] = useState<{ password: MqttPassword; replaced: boolean } | null>(null);
  const [shown, setShown] = useState(false);

  const make = async () => {
    const replaced = view.has_password;
    const password = await makeMqttPassword(deviceId);
    setConfirming(false);
    setMade({ password, replaced });
    setShown(true);
  };
  const onClick = async () => {
    if (view.has_password) return setConfirming(true);
    setBusy(true);
    try {
      await make();
    } catch (err) {
      toast.error(failure(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Text variant="body2" component="span" color="textSecondary">
        {view.has_password ? t("passwordSet") : t("passwordNone")}
      </Text>
      <Button size="small" variant={view.has_password ? "outlined" : "contained"} startIcon={<KeyOutlined />} onClick={onClick} disabled={busy} aria-busy={busy}>
        {t("newPassword")}
      </Button>
      <ConfirmDialog open={confirming} title={t("replaceTitle")} confirmLabel={t("newPassword")} onConfirm={make} onClose={() => setConfirming(false)}>
        {t("replaceText")}
      </ConfirmDialog>
      <PasswordDialog open={shown} made={made?.password ?? null} replaced={made?.replaced ?? false} onClose={() => setShown(false)} onExited={() => setMade(null)} />
    </>
  );
}

function Fields({ deviceId, view, editing }: { deviceId: number; view: MqttView; editing: boolean }) {
  const t = useTranslations("devices.connect");
  const server = `${view.broker.host}:${view.broker.port}`;
  return (
    <dl className={s.fields} aria-label={t("settings")}>
      <dt>{t("server")}</dt>
      <dd>
        <code className={s.code}>{server}</code>
        <CopyButton text={server} label={t("copyServer")} />
      </dd>
      <dt>{t("tls")}</dt>
      <dd>{view.broker.tls ? t("tlsYes") : t("tlsNo")}</dd>
      <dt>{t("username")}</dt>
      <dd>
        <code className={s.code}>{view.username}</code>
        <CopyButton text={view.username} label={t("copyUsername")} />
      </dd>
      <dt>{t("password")}</dt>
      <dd>
        <PasswordField deviceId={deviceId} view={view} />
      </dd>
      {!editing && (
        <>
          <dt>{t("prefix")}</dt>
          <dd>
            <code className={s.code}>{view.topic_prefix}</code>
            <CopyButton text={view.topic_prefix} label={t("copyPrefix")} />
          </dd>
          <dt>{t("format")}</dt>
          <dd>{t(`formats.${view.format}`)}</dd>
        </>
      )}
    </dl>
  );
}

function ConnectBody({ device, view }: { device: DeviceInfo; view: MqttView }) {
  const t = useTranslations("devices.connect");
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const sources = useMemo(() => channelSources(view.format, device.metadata), [view.format, device.metadata]);
  const keys = [...sources.values()].flatMap((src) => (src.kind === "order" ? [] : [src.key]));
  const stopEditing = () => {
    setEditing(false);
    // back to the button that opened the editor, once it is drawn again
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <div className={s.stack}>
      <Text color="textSecondary">{view.format === "shelly_gen2" || view.format === "shelly_gen1" ? t("intro") : t("introOther")}</Text>
      <Fields deviceId={device.id} view={view} editing={editing} />
      {editing ? (
        <MqttSettingsForm deviceId={device.id} view={view} onDone={stopEditing} />
      ) : (
        <Box>
          <Button ref={editRef} size="small" variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} aria-label={t("editLabel")}>
            {t("edit")}
          </Button>
        </Box>
      )}
      <ConnectSteps view={view} keys={keys} />
      <ChannelNote deviceId={device.id} format={view.format} measurements={device.metadata} sources={sources} />
    </div>
  );
}

/** The device's Connect panel (see the top of this file). */
export function ConnectPanel({ device }: { device: DeviceInfo }) {
  const t = useTranslations("devices.connect");
  const { data, error, mutate } = useDeviceMqtt(device.id);
  return (
    <Paper component="section" aria-labelledby="connect-title" variant="outlined" sx={PANEL_SX}>
      <div className={s.head}>
        <Text id="connect-title" variant="h2" sx={TITLE_SX}>
          {t("title")}
        </Text>
      </div>
      {data ? (
        <ConnectBody device={device} view={data} />
      ) : error ? (
        <ErrorState error={error} what={t("what")} onRetry={() => mutate()} />
      ) : (
        <Placeholder height={420} label={t("loading")} />
      )}
    </Paper>
  );
}
