"use client";
import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import DeleteForeverOutlined from "@mui/icons-material/DeleteForeverOutlined";
import { errorMessage, FetchError, send } from "@/lib/swr/fetcher";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { PasswordField } from "@/components/ui/password-field";
import type { DeletionSummary } from "@/lib/services/users/deletion";

const n = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

/** The dry run in words, one line per kind of data that exists: "2 meters with 731 days of readings". */
function summaryLines(s: DeletionSummary): string[] {
  const lines: string[] = [];
  if (s.meters) lines.push(s.reading_days ? `${n(s.meters, "meter")} with ${n(s.reading_days, "day")} of readings` : `${n(s.meters, "meter")} without readings`);
  if (s.devices) lines.push(s.measurements ? `${n(s.devices, "device")} and their ${n(s.measurements, "measurement")}` : n(s.devices, "device"));
  if (s.locations) lines.push(n(s.locations, "location"));
  if (s.schedules) lines.push(n(s.schedules, "schedule"));
  if (s.integrations) {
    const revoked = s.vendor_tokens.filter((t) => t.revoked_at_vendor).length;
    const access =
      revoked === s.integrations
        ? "whose access will be revoked"
        : revoked === 0
          ? "whose access keys will be deleted"
          : "whose access will be revoked, or its keys deleted where the vendor offers no revocation";
    lines.push(`${n(s.integrations, "integration")} ${access}`);
  }
  return lines;
}

/** Deleting the account (My Account's danger zone): what goes, the password, then the deletion. */
export function DeleteDialog({
  open,
  summary,
  error,
  isLoading,
  onRetry,
  onClose,
  onRefused,
}: {
  open: boolean;
  summary?: DeletionSummary;
  error?: FetchError;
  isLoading: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** the server refused for good (the last administrator) */
  onRefused: (detail: string) => void;
}) {
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = summary ? summaryLines(summary) : [];

  const reset = () => {
    setPassword("");
    setPasswordError(null);
    setFailure(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setPasswordError("Password was not provided");
      return;
    }
    setBusy(true);
    setPasswordError(null);
    setFailure(null);
    try {
      await send("POST", "/api/v1/users/me/delete", { password });
      // a full load: the session cookie is gone, every page must forget the user
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- the full load is the point
      window.location.assign("/?account_deleted=1");
      return;
    } catch (err) {
      if (err instanceof FetchError && err.code === "incorrect_password") setPasswordError(err.message);
      else if (err instanceof FetchError && err.code === "last_admin") onRefused(err.message);
      else setFailure(errorMessage(err));
    }
    setBusy(false);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="delete-account-dialog-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Delete my account">
        <DialogTitle id="delete-account-dialog-title">Delete your account?</DialogTitle>
        <DialogContent>
          <FormErrorAlert error={failure} />
          {error && !summary ? (
            <ErrorState error={error} what="what your account holds" onRetry={onRetry} />
          ) : isLoading && !summary ? (
            <LoadingState label="Counting your data..." />
          ) : (
            <Box aria-live="polite" sx={{ mb: 2.5 }}>
              <Typography sx={{ mb: 1 }}>{lines.length ? "This removes your profile and, for good:" : "Your account holds no data besides your profile, which will be removed."}</Typography>
              {lines.length > 0 && (
                <Box component="ul" aria-label="What will be deleted" sx={{ pl: 3, my: 0, "& li": { mb: 0.5, lineHeight: 1.6 } }}>
                  {lines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </Box>
              )}
            </Box>
          )}
          <PasswordField
            label="Password"
            name="password"
            id="delete-account-password"
            autoComplete="current-password"
            fullWidth
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(null);
            }}
            error={Boolean(passwordError)}
            helperText={passwordError ?? "Your password, to confirm that you want to delete everything"}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: "wrap", gap: 1 }}>
          <Button onClick={onClose} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={busy}
            aria-busy={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DeleteForeverOutlined />}
          >
            Delete my account
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
