"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { Text } from "@/components/ui/text";
import DeleteForeverOutlined from "@mui/icons-material/DeleteForeverOutlined";
import { FetchError, send } from "@/lib/swr/fetcher";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { PasswordField } from "@/components/ui/password-field";
import type { DeletionSummary } from "@/lib/services/users/deletion";

type LinesT = ReturnType<typeof useTranslations<"account.delete.lines">>;

/** The dry run in words, one line per kind of data that exists: "2 meters with 731 days of readings". */
function summaryLines(s: DeletionSummary, t: LinesT): string[] {
  const lines: string[] = [];
  if (s.meters) lines.push(s.reading_days ? t("meters", { meters: s.meters, days: s.reading_days }) : t("metersEmpty", { meters: s.meters }));
  if (s.devices) lines.push(s.measurements ? t("devices", { devices: s.devices, measurements: s.measurements }) : t("devicesOnly", { devices: s.devices }));
  if (s.locations) lines.push(t("locations", { count: s.locations }));
  if (s.schedules) lines.push(t("schedules", { count: s.schedules }));
  if (s.integrations) {
    const revoked = s.vendor_tokens.filter((v) => v.revoked_at_vendor).length;
    const key = revoked === s.integrations ? "integrationsRevoked" : revoked === 0 ? "integrationsDeleted" : "integrationsMixed";
    lines.push(t(key, { count: s.integrations }));
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
  const t = useTranslations("account.delete.dialog");
  const tLines = useTranslations("account.delete.lines");
  const [password, setPassword] = useState("");
  const refusal = useErrorMessage();
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = summary ? summaryLines(summary, tLines) : [];

  const reset = () => {
    setPassword("");
    setPasswordError(null);
    setFailure(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setPasswordError(t("passwordMissing"));
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
      if (err instanceof FetchError && err.code === "incorrect_password") setPasswordError(refusal(err));
      else if (err instanceof FetchError && err.code === "last_admin") onRefused(refusal(err));
      else setFailure(refusal(err));
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
      <Box component="form" noValidate onSubmit={submit} aria-label={t("form")}>
        <DialogTitle id="delete-account-dialog-title">{t("title")}</DialogTitle>
        <DialogContent>
          <FormErrorAlert error={failure} />
          {error && !summary ? (
            <ErrorState error={error} what={t("what")} onRetry={onRetry} />
          ) : isLoading && !summary ? (
            <LoadingState label={t("counting")} />
          ) : (
            <Box aria-live="polite" sx={{ mb: 2.5 }}>
              <Text sx={{ mb: 1 }}>{lines.length ? t("removes") : t("nothing")}</Text>
              {lines.length > 0 && (
                <Box component="ul" aria-label={t("list")} sx={{ pl: 3, my: 0, "& li": { mb: 0.5, lineHeight: 1.6 } }}>
                  {lines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </Box>
              )}
            </Box>
          )}
          <PasswordField
            label={t("password")}
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
            helperText={passwordError ?? t("passwordHelper")}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: "wrap", gap: 1 }}>
          <Button onClick={onClose} disabled={busy} autoFocus>
            {t("cancel")}
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={busy}
            aria-busy={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DeleteForeverOutlined />}
          >
            {t("submit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
