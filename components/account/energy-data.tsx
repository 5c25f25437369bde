"use client";
// My Account's "Your energy data": each meter's whole history as a file (plain links to
// GET /api/v1/meters/{id}/export: the browser downloads, the server streams), and the import of
// the load-curve CSV the Enedis customer area gives (preview, then import). docs/data-rights.md.
import { useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Placeholder } from "@/components/ui/placeholder";
import { Text } from "@/components/ui/text";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import type { ImportPreview, ImportResult } from "@/lib/services/imports/load-curve";
import type { MeterView } from "@/lib/serializers/meter";
import { FetchError } from "@/lib/swr/fetcher";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { METERS_URL, useMeters } from "@/lib/swr/use-meters";
import { exportUrl } from "@/lib/energy/export/url";
import { mutate } from "swr";
import { TextLink } from "@/components/ui/text-link";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { lazyComponent } from "@/components/ui/lazy";
import { dayText } from "@/components/ui/dates";

// what a file holds, and what was imported, load with the first file chosen
const PreviewCard = lazyComponent(() => import("./energy-import-result").then((m) => m.PreviewCard));
const ImportDone = lazyComponent(() => import("./energy-import-result").then((m) => m.ImportDone));

const FORMATS = {
  "csv-fr": { labelKey: "csvFr", query: { format: "csv", dialect: "fr" } },
  "csv-en": { labelKey: "csvEn", query: { format: "csv", dialect: "en" } },
  xml: { labelKey: "xml", query: { format: "xml" } },
} as const;
type FormatKey = keyof typeof FORMATS;

/** A Paris day `YYYY-MM-DD` as "05 Jan 2026" / "05 janv. 2026". */
const dayOf = (d: string, locale: ReturnType<typeof useLocale>) => dayText(new Date(`${d}T12:00:00Z`), locale);

const h3 = { fontWeight: 600, fontSize: "1.05rem", mb: 0.5 } as const;

/** The section's body: downloads per meter, then the import of a file. */
export function EnergyData() {
  const t = useTranslations("account.energy");
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Box component="section" aria-labelledby="energy-download-title">
        <Text id="energy-download-title" component="h3" sx={h3}>
          {t("download.title")}
        </Text>
        <Text variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t("download.intro")}
        </Text>
        <MeterDownloads />
      </Box>
      {/* MUI's Divider as it draws itself (an <hr> with its classes and styles), without its code */}
      <Box component="hr" className="MuiDivider-root MuiDivider-fullWidth" sx={{ m: 0, flexShrink: 0, borderWidth: 0, borderStyle: "solid", borderColor: "divider", borderBottomWidth: "thin" }} />
      <Box component="section" aria-labelledby="energy-import-title">
        <Text id="energy-import-title" component="h3" sx={h3}>
          {t("import.title")}
        </Text>
        <Text variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t.rich("import.intro", { link: (chunks) => <TextLink href="/dashboards">{chunks}</TextLink> })}
        </Text>
        <ImportFile />
      </Box>
    </Box>
  );
}

function MeterDownloads() {
  const t = useTranslations("account.energy.meters");
  const failure = useErrorMessage();
  const { data, error, isLoading, mutate: reload } = useMeters();
  if (isLoading && !data) return <Placeholder height={96} label={t("loading")} />;
  if (error && !data) {
    return (
      <Notice
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => reload()}>
            {t("retry")}
          </Button>
        }
      >
        {t("loadError", { detail: failure(error) })}
      </Notice>
    );
  }
  if (!data?.length) {
    return (
      <Notice severity="info" variant="outlined">
        {t.rich("none", { link: (chunks) => <TextLink href="/integrations">{chunks}</TextLink> })}
      </Notice>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
      {data.map((m) => (
        <MeterDownload key={m.id} meter={m} />
      ))}
    </Box>
  );
}

function MeterDownload({ meter }: { meter: MeterView }) {
  const t = useTranslations("account.energy");
  const locale = useLocale();
  const [format, setFormat] = useState<FormatKey>("csv-fr");
  const selectId = useId();
  const titleId = `export-meter-${meter.id}`;
  const { oldest_day: oldest, newest_day: newest } = meter.sync;
  const held = oldest && newest ? (oldest === newest ? dayOf(oldest, locale) : t("range", { from: dayOf(oldest, locale), to: dayOf(newest, locale) })) : null;
  const notLinked = meter.integration_id === null;
  const formatLabel = (k: FormatKey) => t(`formats.${FORMATS[k].labelKey}`);
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 2, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}
    >
      <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
        <Text id={titleId} sx={{ fontWeight: 600, fontSize: "0.95rem", overflowWrap: "anywhere" }}>
          {t("meter.title", { prm: meter.usage_point_id })}
        </Text>
        <Text variant="body2" color="textSecondary">
          {held ? t(notLinked ? "meter.heldNotLinked" : "meter.held", { range: held }) : t(notLinked ? "meter.noneHeldNotLinked" : "meter.noneHeld")}
        </Text>
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: { xs: "wrap", sm: "nowrap" }, alignItems: "center", flex: { xs: "1 1 100%", sm: "0 1 auto" } }}>
        <NativeSelectField
          size="small"
          label={t("meter.format")}
          id={selectId}
          value={format}
          onChange={(e) => setFormat(e.target.value as FormatKey)}
          sx={{ flex: { xs: "1 1 100%", sm: "0 0 290px" } }}
          disabled={!held}
        >
          {(Object.keys(FORMATS) as FormatKey[]).map((k) => (
            <option key={k} value={k}>
              {formatLabel(k)}
            </option>
          ))}
        </NativeSelectField>
        {held ? (
          <Button
            variant="contained"
            component="a"
            href={exportUrl(meter.id, FORMATS[format].query)}
            download
            startIcon={<DownloadOutlined />}
            aria-label={t("meter.downloadLabel", { prm: meter.usage_point_id, format: formatLabel(format) })}
            sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" }, whiteSpace: "nowrap" }}
          >
            {t("meter.download")}
          </Button>
        ) : (
          <Button variant="contained" disabled startIcon={<DownloadOutlined />} sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
            {t("meter.download")}
          </Button>
        )}
      </Box>
    </Box>
  );
}

type Step =
  | { at: "idle" }
  | { at: "reading"; file: File }
  | { at: "preview"; file: File; preview: ImportPreview }
  | { at: "importing"; file: File; preview: ImportPreview }
  | { at: "done"; result: ImportResult; fileName: string };

/**
 * POSTs the file itself as the body (the routes read it as it arrives; no multipart). `said`: the
 * words for a refusal without the server's detail.
 */
async function postFile<T>(url: string, file: File, said: { tooLarge: string; unreadable: (status: number) => string }): Promise<T> {
  const res = await fetch(url, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "text/csv", Accept: "application/json" }, body: file });
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {}
    const detail =
      body && typeof body === "object" && "detail" in body
        ? String((body as { detail: unknown }).detail)
        : res.status === 413
          ? said.tooLarge
          : said.unreadable(res.status);
    throw new FetchError(res.status, detail, body);
  }
  return res.json() as Promise<T>;
}

function ImportFile() {
  const t = useTranslations("account.energy.import");
  const said = { tooLarge: t("tooLarge"), unreadable: (status: number) => t("unreadable", { status: String(status) }) };
  const failure = useErrorMessage();
  const [step, setStep] = useState<Step>({ at: "idle" });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStep({ at: "reading", file });
    try {
      const preview = await postFile<ImportPreview>("/api/v1/meters/import/preview", file, said);
      setStep({ at: "preview", file, preview });
    } catch (e) {
      setError(failure(e));
      setStep({ at: "idle" });
    } finally {
      // choosing the same file again must fire a change
      if (input.current) input.current.value = "";
    }
  };

  const runImport = async () => {
    if (step.at !== "preview") return;
    const { file, preview } = step;
    setError(null);
    setStep({ at: "importing", file, preview });
    try {
      const url = `/api/v1/meters/import${preview.bad_count > 0 ? "?skip_bad_lines=true" : ""}`;
      const result = await postFile<ImportResult>(url, file, said);
      setStep({ at: "done", result, fileName: file.name });
      void mutate(METERS_URL);
    } catch (e) {
      setError(failure(e));
      setStep({ at: "preview", file, preview });
    }
  };

  const busy = step.at === "reading" || step.at === "importing";
  const chooseLabel = step.at === "idle" ? t("choose") : t("chooseAnother");

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {error && (
        <Notice severity="error" role="alert">
          <NoticeTitle>{t("refused")}</NoticeTitle>
          <Box sx={{ overflowWrap: "anywhere" }}>{error}</Box>
        </Notice>
      )}
      {step.at === "done" && <ImportDone result={step.result} fileName={step.fileName} />}
      {(step.at === "preview" || step.at === "importing") && (
        <PreviewCard file={step.file} preview={step.preview} busy={step.at === "importing"} onImport={runImport} onCancel={() => setStep({ at: "idle" })} />
      )}
      {step.at === "reading" && (
        <Box role="status">
          <Text variant="body2" sx={{ mb: 1, overflowWrap: "anywhere" }}>
            {t("reading", { name: step.file.name })}
          </Text>
          <ProgressBar label={t("readingLabel", { name: step.file.name })} />
        </Box>
      )}
      <Box>
        <Button
          component="label"
          variant={step.at === "preview" ? "text" : "outlined"}
          startIcon={<UploadFileOutlined />}
          disabled={busy}
          role={undefined}
          tabIndex={-1}
          sx={{ "&:has(input:focus-visible)": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 } }}
        >
          {chooseLabel}
          <Box
            component="input"
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-label={t("fileLabel")}
            disabled={busy}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => void choose(e.target.files?.[0])}
            sx={{ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", m: "-1px", p: 0, border: 0, opacity: 0 }}
          />
        </Button>
        <Text variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          {t("hint")}
        </Text>
      </Box>
    </Box>
  );
}
