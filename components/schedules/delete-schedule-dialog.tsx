"use client";
import { useState } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

/** Asks before a schedule is deleted; `onConfirm` deletes it (and shows its own toasts). */
export function DeleteScheduleDialog({ name, open, onClose, onConfirm }: { name: string; open: boolean; onClose: () => void; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="delete-schedule-title" aria-describedby="delete-schedule-text" maxWidth="xs" fullWidth disableRestoreFocus>
      <DialogTitle id="delete-schedule-title">Delete {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-schedule-text">The schedule and its parts are removed for good. This cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={confirm}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
