"use client";
// My Account's "Your energy data": each meter's whole history as a file (plain links to
// GET /api/v1/meters/{id}/export: the browser downloads, the server streams), and the import of
// the load-curve CSV the Enedis customer area gives (preview, then import). docs/data-rights.md.
import { useId, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import type { ImportPreview, ImportResult } from "@/lib/services/imports";
import type { MeterView } from "@/lib/serializers/meter";
import { errorMessage, FetchError } from "@/lib/swr/fetcher";
import { METERS_URL, useMeters } from "@/lib/swr/use-meters";
import { exportUrl } from "@/lib/energy/export/url";
import { mutate } from "swr";
import { TextLink } from "@/components/ui/text-link";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { lazyComponent } from "@/components/ui/lazy";

// what a file holds, and what was imported, load with the first file chosen
const PreviewCard = lazyComponent(() => import("./energy-import-result").then((m) => m.PreviewCard));
const ImportDone = lazyComponent(() => import("./energy-import-result").then((m) => m.ImportDone));

const FORMATS = {
  "csv-fr": { label: "CSV for French Excel (;)", query: { format: "csv", dialect: "fr" } },
  "csv-en": { label: "CSV (,)", query: { format: "csv", dialect: "en" } },
  xml: { label: "XML modelled on IEC 62746-4", query: { format: "xml" } },
} as const;
type FormatKey = keyof typeof FORMATS;

const dayFmt = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });
/** A Paris day `YYYY-MM-DD` as "05 Jan 2026". */
const dayText = (d: string) => dayFmt.format(new Date(`${d}T12:00:00Z`));

const h3 = { fontWeight: 600, fontSize: "1.05rem", mb: 0.5 } as const;

/** The section's body: downloads per meter, then the import of a file. */
export function EnergyData() {
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Box component="section" aria-labelledby="energy-download-title">
        <Typography id="energy-download-title" component="h3" sx={h3}>
          Download your readings
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every 30-minute reading Foyer holds for a meter, one line per half hour (consumption and production). The XML file is modelled on IEC 62746-4; it is not a
          certified implementation of the standard.
        </Typography>
        <MeterDownloads />
      </Box>
      {/* MUI's Divider as it draws itself (an <hr> with its classes and styles), without its code */}
      <Box component="hr" className="MuiDivider-root MuiDivider-fullWidth" sx={{ m: 0, flexShrink: 0, borderWidth: 0, borderStyle: "solid", borderColor: "divider", borderBottomWidth: "thin" }} />
      <Box component="section" aria-labelledby="energy-import-title">
        <Typography id="energy-import-title" component="h3" sx={h3}>
          Import a file from the Enedis customer area
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          In your Enedis customer area, download your load curve (&ldquo;courbe de charge&rdquo;, 30-minute steps) as a CSV file, then choose it here: Foyer shows what it
          holds before importing anything. It goes to the meter with the same PRM, or adds that meter to your account. Readings already fetched from Enedis are kept.
          Imported history shows in{" "}
          <TextLink href="/dashboards">
            My Energy
          </TextLink>
          .
        </Typography>
        <ImportFile />
      </Box>
    </Box>
  );
}

function MeterDownloads() {
  const { data, error, isLoading, mutate: reload } = useMeters();
  if (isLoading && !data) return <Skeleton variant="rounded" height={96} aria-label="Loading your meters" />;
  if (error && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => reload()}>
            Retry
          </Button>
        }
      >
        Your meters could not be loaded: {errorMessage(error)}
      </Alert>
    );
  }
  if (!data?.length) {
    return (
      <Alert severity="info" variant="outlined">
        No meter yet.{" "}
        <TextLink href="/integrations">
          Link your Linky meter
        </TextLink>{" "}
        or import a file below, and its readings can be downloaded here.
      </Alert>
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
  const [format, setFormat] = useState<FormatKey>("csv-fr");
  const selectId = useId();
  const titleId = `export-meter-${meter.id}`;
  const { oldest_day: oldest, newest_day: newest } = meter.sync;
  const held = oldest && newest ? (oldest === newest ? dayText(oldest) : `${dayText(oldest)} to ${dayText(newest)}`) : null;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 2, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}
    >
      <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
        <Typography id={titleId} sx={{ fontWeight: 600, fontSize: "0.95rem", overflowWrap: "anywhere" }}>
          Meter {meter.usage_point_id}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {held ? `Readings held: ${held}` : "No readings held yet"}
          {meter.integration_id === null && " · not linked to Enedis"}
        </Typography>
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: { xs: "wrap", sm: "nowrap" }, alignItems: "center", flex: { xs: "1 1 100%", sm: "0 1 auto" } }}>
        <NativeSelectField
          size="small"
          label="Format"
          id={selectId}
          value={format}
          onChange={(e) => setFormat(e.target.value as FormatKey)}
          sx={{ flex: { xs: "1 1 100%", sm: "0 0 290px" } }}
          disabled={!held}
        >
          {(Object.keys(FORMATS) as FormatKey[]).map((k) => (
            <option key={k} value={k}>
              {FORMATS[k].label}
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
            aria-label={`Download meter ${meter.usage_point_id}'s readings as ${FORMATS[format].label}`}
            sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" }, whiteSpace: "nowrap" }}
          >
            Download
          </Button>
        ) : (
          <Button variant="contained" disabled startIcon={<DownloadOutlined />} sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
            Download
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

/** POSTs the file itself as the body (the routes read it as it arrives; no multipart). */
async function postFile<T>(url: string, file: File): Promise<T> {
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
          ? "The file is too large (at most 20 MB)."
          : `The file could not be read (${res.status}).`;
    throw new FetchError(res.status, detail, body);
  }
  return res.json() as Promise<T>;
}

function ImportFile() {
  const [step, setStep] = useState<Step>({ at: "idle" });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStep({ at: "reading", file });
    try {
      const preview = await postFile<ImportPreview>("/api/v1/meters/import/preview", file);
      setStep({ at: "preview", file, preview });
    } catch (e) {
      setError(errorMessage(e));
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
      const result = await postFile<ImportResult>(url, file);
      setStep({ at: "done", result, fileName: file.name });
      void mutate(METERS_URL);
    } catch (e) {
      setError(errorMessage(e));
      setStep({ at: "preview", file, preview });
    }
  };

  const busy = step.at === "reading" || step.at === "importing";
  const chooseLabel = step.at === "idle" ? "Choose a CSV file" : "Choose another file";

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {error && (
        <Alert severity="error" role="alert">
          <AlertTitle>This file cannot be imported</AlertTitle>
          <Box sx={{ overflowWrap: "anywhere" }}>{error}</Box>
        </Alert>
      )}
      {step.at === "done" && <ImportDone result={step.result} fileName={step.fileName} />}
      {(step.at === "preview" || step.at === "importing") && (
        <PreviewCard file={step.file} preview={step.preview} busy={step.at === "importing"} onImport={runImport} onCancel={() => setStep({ at: "idle" })} />
      )}
      {step.at === "reading" && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: "anywhere" }}>
            Reading {step.file.name}…
          </Typography>
          <LinearProgress aria-label={`Reading ${step.file.name}`} />
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
            aria-label="Enedis CSV file"
            disabled={busy}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => void choose(e.target.files?.[0])}
            sx={{ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", m: "-1px", p: 0, border: 0, opacity: 0 }}
          />
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          A .csv file from the Enedis customer area, at most 20 MB. Nothing is imported before you confirm.
        </Typography>
      </Box>
    </Box>
  );
}
