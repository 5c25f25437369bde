"use client";
// What a device sent that was refused, as its page and Home's "Needs your attention" both say it:
// the kind's headline in the page's language, then the detail in English as the API says it
// (docs/i18n.md, "What stays English"). An error stored before kinds, of a kind this page does not
// know (the API answers null), or on a page served without these messages (Home sends them only to a
// household with a device on MQTT), shows its detail alone. Messages: `devices.errorKind`.
import { useTranslations } from "use-intl";
import { Text } from "@/components/ui/text";
import type { TelemetryErrorKind } from "@/lib/telemetry/formats/types";
import s from "./telemetry.module.css";

export function RefusedMessage({ kind, reason }: { kind: TelemetryErrorKind | null; reason: string | null }) {
  const t = useTranslations("devices.errorKind");
  if (!kind || !t.has(kind)) return reason ? <div lang="en" className={s.reason}>{reason}</div> : null;
  return (
    <>
      <div>{t(kind)}</div>
      {reason && (
        <Text component="div" variant="body2" color="textSecondary" lang="en" className={s.reason}>
          {reason}
        </Text>
      )}
    </>
  );
}
