"use client";
// Which measurement receives which of the device's channels: a measurement's prefix names its
// channel; without one, the channels go to the measurements in order (foyer_json: by name). The
// rule is lib/telemetry/channels.ts measurementFor; the prefixes are set in Channels and reporting.
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import { TextLink } from "@/components/ui/text-link";
import type { Measurement } from "@/lib/swr/use-devices";
import type { TelemetryFormat } from "@/lib/telemetry/formats/types";
import { CHANNEL_EXAMPLES, type ChannelSource } from "./live-text";
import s from "./telemetry.module.css";

const code = (chunks: ReactNode) => <code className={s.code}>{chunks}</code>;
const b = (chunks: ReactNode) => <strong>{chunks}</strong>;

function SourceLine({ name, source }: { name: string; source: ChannelSource }) {
  const t = useTranslations("devices.connect.channels");
  if (source.kind === "prefix") return <li>{t.rich("byPrefix", { name, channel: source.key, b, code })}</li>;
  if (source.kind === "name") return <li>{t.rich("byName", { name, channel: source.key, b, code })}</li>;
  if (!source.keys.length) return <li>{t.rich("nothing", { name, b })}</li>;
  return (
    <li>
      {t.rich("byOrder", { name, n: source.n + 1, b })}{" "}
      {source.keys.map((k, i) => (
        <span key={k}>
          {i === 0 ? "" : i === source.keys.length - 1 ? ` ${t("or")} ` : ", "}
          <code className={s.code}>{k}</code>
        </span>
      ))}
    </li>
  );
}

export function ChannelNote({ deviceId, format, measurements, sources }: { deviceId: number; format: TelemetryFormat; measurements: Measurement[]; sources: Map<number, ChannelSource> }) {
  const t = useTranslations("devices.connect.channels");
  return (
    <section aria-labelledby="connect-channels">
      <Text id="connect-channels" variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mb: 1 }}>
        {t("title")}
      </Text>
      <Text variant="body2">{format === "foyer_json" ? t("ruleJson") : t("rule", { examples: CHANNEL_EXAMPLES[format] })}</Text>
      {measurements.length > 0 && (
        <ul className={s.sources}>
          {measurements.map((m) => {
            const source = sources.get(m.id);
            return source && <SourceLine key={m.id} name={m.display_name ?? m.name} source={source} />;
          })}
        </ul>
      )}
      <Text variant="body2">
        <TextLink href={`/user-devices/${deviceId}/edit`}>{t("edit")}</TextLink>
      </Text>
    </section>
  );
}
