"use client";
import { useState } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslations } from "use-intl";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { errorMessage } from "@/lib/swr/fetcher";

/**
 * Asks before something is deleted. `onConfirm` runs with the buttons disabled; when it fails,
 * the dialog stays open with the reason.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  disableRestoreFocus,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** when the caller moves the focus itself after closing */
  disableRestoreFocus?: boolean;
}) {
  const t = useTranslations("common.ui");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      maxWidth="xs"
      fullWidth
      disableRestoreFocus={disableRestoreFocus}
      slotProps={{ transition: { onExited: () => setError(null) } }}
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <FormErrorAlert error={error} />
        <DialogContentText id="confirm-text">{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t("cancel")}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel ?? t("delete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
