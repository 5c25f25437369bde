"use client";
// My Account's "Download my data": asks for a ZIP of everything (POST /api/v1/users/me/archives),
// follows its preparation (polling while it is queued or running) and offers the link until it
// expires. docs/data-rights.md.
import { useState } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Placeholder } from "@/components/ui/placeholder";
import { Text } from "@/components/ui/text";
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import type { ArchiveList, ArchiveView } from "@/lib/services/archives/requests";
import { ARCHIVES_URL } from "@/lib/swr/keys";
import { send } from "@/lib/swr/fetcher";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { useApi } from "@/lib/swr/use-api";

const URL = ARCHIVES_URL;

type ArchiveT = ReturnType<typeof useTranslations<"account.archive">>;

/** "5 Mar 2026, 14:07" / "5 mars 2026, 14:07", Paris time. */
const whenFormat = (locale: string) =>
  new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" });
const busy = (a: ArchiveView | undefined) => a?.status === "queued" || a?.status === "running";

/** The server's steps (lib/services/archives/build.ts) in the reader's words; any other as it comes. */
const STEPS = {
  Starting: "starting",
  "Waiting for its turn": "waiting",
  "Your profile": "profile",
  "Your consents": "consents",
  "Your locations": "locations",
  "Your devices": "devices",
  "Your schedules": "schedules",
  "Your linked accounts": "integrations",
  "Your meters": "meters",
  "Your community events": "flexibility",
  "What the grid partner read": "partnerAccess",
  "Something went wrong while preparing your data": "failed",
} as const;
function stepText(step: string, t: ArchiveT): string {
  if (Object.hasOwn(STEPS, step)) return t(`steps.${STEPS[step as keyof typeof STEPS]}`);
  const readings = /^Readings of meter (\S+) \((CSV|XML)\)$/.exec(step);
  if (readings) return t(readings[2] === "CSV" ? "steps.readingsCsv" : "steps.readingsXml", { prm: readings[1] });
  return step;
}

export function DataArchive() {
  const t = useTranslations("account.archive");
  const failure = useErrorMessage();
  const locale = useLocale();
  const format = useFormatter();
  const { data, error, isLoading, mutate } = useApi<ArchiveList>(URL, {
    // while one is prepared, its progress every second and a half
    refreshInterval: (latest) => (busy(latest?.items[0]) ? 1500 : 0),
  });
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function ask() {
    setAsking(true);
    setProblem(null);
    try {
      await send("POST", URL);
      await mutate();
    } catch (e) {
      setProblem(failure(e, t("askFailed")));
    } finally {
      setAsking(false);
    }
  }

  async function remove(id: string) {
    setProblem(null);
    try {
      await send("DELETE", `${URL}/${id}`);
      await mutate();
    } catch (e) {
      setProblem(failure(e, t("deleteFailed")));
    }
  }

  if (isLoading && !data) return <Placeholder height={88} label={t("loading")} />;
  if (error && !data) {
    return (
      <Notice
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => mutate()}>
            {t("retry")}
          </Button>
        }
      >
        {t("loadError", { detail: failure(error) })}
      </Notice>
    );
  }
  const latest = data?.items[0];
  const left = data?.left_today ?? 0;
  const inFlight = busy(latest);
  const when = whenFormat(locale);
  /** "1,234 KB", "1.5 MB"; "1 234 Ko", "1,5 Mo" */
  const bytes = (n: number) =>
    n < 1024 * 1024
      ? t("sizeKb", { size: format.number(Math.max(1, Math.round(n / 1024))) })
      : t("sizeMb", { size: format.number(n / (1024 * 1024), { maximumFractionDigits: 1 }) });

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {latest && inFlight && (
        <Box role="status" aria-live="polite" sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 2 }}>
          <Text sx={{ fontWeight: 600, mb: 1 }}>{t("preparing", { progress: String(latest.progress) })}</Text>
          <ProgressBar value={latest.status === "queued" ? undefined : latest.progress} label={t("preparingLabel")} />
          <Text variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {t("stepNote", { step: latest.step ? stepText(latest.step, t) : t("working") })}
          </Text>
        </Box>
      )}
      {latest?.status === "ready" && (
        <Notice severity="success" variant="outlined">
          {t("ready", {
            size: bytes(latest.size_bytes ?? 0),
            preparedAt: when.format(new Date(latest.ready_at ?? latest.created_at)),
            expiresAt: when.format(new Date(latest.expires_at ?? latest.created_at)),
          })}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1.5 }}>
            <Button variant="contained" color="success" size="small" component="a" href={latest.download_url ?? undefined} download startIcon={<DownloadOutlined />}>
              {t("downloadZip")}
            </Button>
            <Button color="inherit" size="small" onClick={() => remove(latest.id)}>
              {t("deleteNow")}
            </Button>
          </Box>
        </Notice>
      )}
      {latest?.status === "failed" && (
        <Notice severity="error" variant="outlined">
          {t(left ? "askAgain" : "askAgainTomorrow", { reason: latest.step ? stepText(latest.step, t) : t("notPrepared") })}
        </Notice>
      )}
      {problem && (
        <Notice severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Notice>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Button variant={latest?.status === "ready" ? "outlined" : "contained"} startIcon={<ArchiveOutlined />} onClick={ask} disabled={asking || inFlight || left === 0}>
          {asking ? t("asking") : latest?.status === "ready" ? t("prepareNew") : t("prepare")}
        </Button>
        <Text variant="body2" color="textSecondary">
          {left === 0 && !inFlight
            ? t("limitReached", { perDay: String(data?.per_day) })
            : t("left", { left: String(left), perDay: String(data?.per_day) })}
        </Text>
      </Box>
    </Box>
  );
}
