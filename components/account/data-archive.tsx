"use client";
// My Account's "Download my data": asks for a ZIP of everything (POST /api/v1/users/me/archives),
// follows its preparation (polling while it is queued or running) and offers the link until it
// expires. docs/data-rights.md.
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import type { ArchiveList, ArchiveView } from "@/lib/services/archives";
import { ARCHIVES_URL } from "@/lib/swr/keys";
import { errorMessage, send } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";

const URL = ARCHIVES_URL;

const when = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" });
const bytes = (n: number) =>
  n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024)).toLocaleString("en-GB")} KB` : `${(n / (1024 * 1024)).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;
const busy = (a: ArchiveView | undefined) => a?.status === "queued" || a?.status === "running";

export function DataArchive() {
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
      setProblem(errorMessage(e, "Your data could not be requested"));
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
      setProblem(errorMessage(e, "The file could not be deleted"));
    }
  }

  if (isLoading && !data) return <Skeleton variant="rounded" height={88} aria-label="Loading your downloads" />;
  if (error && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => mutate()}>
            Retry
          </Button>
        }
      >
        Your downloads could not be loaded: {errorMessage(error)}
      </Alert>
    );
  }
  const latest = data?.items[0];
  const left = data?.left_today ?? 0;
  const inFlight = busy(latest);

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {latest && inFlight && (
        <Box role="status" aria-live="polite" sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 2 }}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>Preparing your data… {latest.progress}%</Typography>
          <LinearProgress variant={latest.status === "queued" ? "indeterminate" : "determinate"} value={latest.progress} aria-label="Preparing your data" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {latest.step ?? "Working"}. You can leave this page: the file will be here when it is ready.
          </Typography>
        </Box>
      )}
      {latest?.status === "ready" && (
        <Alert severity="success" variant="outlined">
          Your data is ready ({bytes(latest.size_bytes ?? 0)}), prepared on {when.format(new Date(latest.ready_at ?? latest.created_at))}. The link works until{" "}
          {when.format(new Date(latest.expires_at ?? latest.created_at))}.
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1.5 }}>
            <Button variant="contained" color="success" size="small" component="a" href={latest.download_url ?? undefined} download startIcon={<DownloadOutlined />}>
              Download ZIP
            </Button>
            <Button color="inherit" size="small" onClick={() => remove(latest.id)}>
              Delete it now
            </Button>
          </Box>
        </Alert>
      )}
      {latest?.status === "failed" && (
        <Alert severity="error" variant="outlined">
          {latest.step ?? "Your data could not be prepared"}. Please ask again{left ? "" : " tomorrow"}.
        </Alert>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Button variant={latest?.status === "ready" ? "outlined" : "contained"} startIcon={<ArchiveOutlined />} onClick={ask} disabled={asking || inFlight || left === 0}>
          {asking ? "Asking…" : latest?.status === "ready" ? "Prepare a new file" : "Prepare my data"}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {left === 0 && !inFlight
            ? `You can prepare your data ${data?.per_day} times a day: try again tomorrow.`
            : `${left} of ${data?.per_day} left today. A file can be downloaded for a limited time, then it is deleted.`}
        </Typography>
      </Box>
    </Box>
  );
}
