"use client";
// What to do on the device, step by step, for its format: written for a person with the Shelly app
// or the device's web page open beside this page. The Shelly labels are those of the devices' own
// web pages (Gen2 and later: Settings → MQTT; Gen1: Internet & Security → Advanced - Developer
// Settings); teleinfo2mqtt's are its environment variables (fmartinou/teleinfo2mqtt, docs/configuration);
// foyer_json is Foyer's own format (lib/telemetry/formats/foyer-json.ts holds its reference).
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { Notice } from "@/components/ui/notice";
import type { MqttView } from "@/lib/swr/use-telemetry";
import { CopyButton } from "./copy-button";
import s from "./telemetry.module.css";

type ConnectT = ReturnType<typeof useTranslations<"devices.connect">>;

const code = (chunks: ReactNode) => <code className={s.code}>{chunks}</code>;

/** Lines to type or paste, with their copy button. */
function Block({ text, label }: { text: string; label: string }) {
  return (
    <div className={s.block}>
      <pre>{text}</pre>
      <CopyButton text={text} label={label} />
    </div>
  );
}

function ShellySteps({ t, view, server }: { t: ConnectT; view: MqttView; server: string }) {
  const prefix = view.topic_prefix;
  if (view.format === "shelly_gen1") {
    return (
      <ol className={s.steps}>
        <li>{t("gen1.open")}</li>
        <li>{t("gen1.enable")}</li>
        <li>{t.rich("gen1.server", { server, code })}</li>
        <li>{t.rich("gen1.credentials", { username: view.username, code })}</li>
        <li>{t.rich("gen1.prefix", { prefix, code })}</li>
        <li>{t("gen1.save")}</li>
      </ol>
    );
  }
  return (
    <ol className={s.steps}>
      <li>{t("gen2.open")}</li>
      <li>{t("gen2.enable")}</li>
      <li>{t.rich("gen2.server", { server, code })}</li>
      {view.broker.tls && <li>{t("tlsStep")}</li>}
      <li>{t.rich("gen2.clientId", { prefix, code })}</li>
      <li>{t.rich("gen2.credentials", { username: view.username, code })}</li>
      <li>{t.rich("gen2.prefix", { prefix, code })}</li>
      <li>{t("gen2.notifications")}</li>
      <li>{t("gen2.save")}</li>
    </ol>
  );
}

/** teleinfo2mqtt publishes each frame on `<base topic>/<meter number>`: the prefix is that topic, its base what comes before the last "/". */
function TeleinfoSteps({ t, view }: { t: ConnectT; view: MqttView }) {
  const { host, port, tls } = view.broker;
  const slash = view.topic_prefix.lastIndexOf("/");
  const variables = [
    `MQTT_URL=${tls ? "mqtts" : "mqtt"}://${host}:${port}`,
    `MQTT_USER=${view.username}`,
    `MQTT_PASSWORD=${t("teleinfo.passwordValue")}`,
    ...(slash > 0 ? [`MQTT_BASE_TOPIC=${view.topic_prefix.slice(0, slash)}`] : []),
    "HASS_DISCOVERY=false",
  ].join("\n");
  return (
    <>
      <Text>{t("teleinfo.intro")}</Text>
      <Block text={variables} label={t("copyVariables")} />
      {slash <= 0 && (
        <Notice severity="warning" role="status" sx={{ my: 1 }}>
          {t("teleinfo.noSlash")}
        </Notice>
      )}
      <Text variant="body2" color="textSecondary">
        {t("teleinfo.topic")}
      </Text>
      <Text variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {t("teleinfo.hass")}
      </Text>
    </>
  );
}

// a foyer_json key: 1-64 of these (lib/telemetry/limits.ts FOYER_KEY_PATTERN)
const KEY = /^[A-Za-z0-9_:/.-]{1,64}$/;
const SAMPLES = [
  { power_w: 1532.4, import_wh: 8812345, export_wh: 120 },
  { power_w: -480, export_wh: 52310 },
];

/** The state message with the device's own channel keys (its measurements' prefixes or names), "grid" without any. */
function jsonExample(keys: string[]) {
  const usable = keys.filter((k) => KEY.test(k)).slice(0, 2);
  const channels = Object.fromEntries((usable.length ? usable : ["grid"]).map((k, i) => [k, SAMPLES[i]]));
  return JSON.stringify({ channels });
}

function JsonSteps({ t, view, server, keys }: { t: ConnectT; view: MqttView; server: string; keys: string[] }) {
  const prefix = view.topic_prefix;
  return (
    <ol className={s.steps}>
      <li>{t.rich("json.credentials", { server, username: view.username, code })}</li>
      {view.broker.tls && <li>{t("tlsStep")}</li>}
      <li>
        {t.rich("json.state", { topic: `${prefix}/state`, code })}
        <Block text={jsonExample(keys)} label={t("copyExample")} />
        <Text variant="body2" color="textSecondary">
          {t("json.fields")}
        </Text>
      </li>
      <li>{t.rich("json.online", { topic: `${prefix}/online`, code })}</li>
    </ol>
  );
}

/** The steps of the device's format; `keys`: the channel keys its measurements expect (foyer_json's example). */
export function ConnectSteps({ view, keys }: { view: MqttView; keys: string[] }) {
  const t = useTranslations("devices.connect");
  const server = `${view.broker.host}:${view.broker.port}`;
  return (
    <section aria-labelledby="connect-steps">
      <Text id="connect-steps" variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mb: 1 }}>
        {t("steps")}
      </Text>
      {view.format === "teleinfo" ? (
        <TeleinfoSteps t={t} view={view} />
      ) : view.format === "foyer_json" ? (
        <JsonSteps t={t} view={view} server={server} keys={keys} />
      ) : (
        <ShellySteps t={t} view={view} server={server} />
      )}
    </section>
  );
}
