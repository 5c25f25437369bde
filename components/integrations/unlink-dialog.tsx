"use client";
import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslations } from "use-intl";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { errorMessage } from "@/lib/swr/fetcher";

export type UnlinkChoice = "keep" | "delete";

/**
 * Unlinking an integration: keep its meters' history, or delete it too. Deleting asks once more,
 * with a line that says what goes. The dialog stays open with the reason when the call fails.
 */
export function UnlinkDialog({
  open,
  title,
  account,
  meters,
  onUnlink,
  onClose,
}: {
  open: boolean;
  /** the question: 'Unlink Linky meter?' */
  title: string;
  /** the account in the sentence 'Foyer will forget its access to your … account': 'Linky meter' */
  account: string;
  /** the meters it holds, when known (linky's usage points) */
  meters: string[];
  onUnlink: (choice: UnlinkChoice) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations("integrations.unlink");
  const [busy, setBusy] = useState<UnlinkChoice | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (choice: UnlinkChoice) => {
    setBusy(choice);
    setError(null);
    try {
      await onUnlink(choice);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const which = { count: meters.length, meters: meters.join(", ") };
  const spinner = (c: UnlinkChoice) => (busy === c ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="unlink-title"
      aria-describedby="unlink-text"
      maxWidth="sm"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setError(null);
            setConfirmDelete(false);
          },
        },
      }}
    >
      <DialogTitle id="unlink-title">{title}</DialogTitle>
      {/* focusable: on a phone its sentences can outgrow the screen, and a keyboard scrolls them from here */}
      <DialogContent tabIndex={0}>
        <FormErrorAlert error={error} />
        <DialogContentText id="unlink-text" sx={{ mb: 1.5 }}>
          {t("text", { account })}
        </DialogContentText>
        <DialogContentText sx={{ mb: confirmDelete ? 2 : 0 }}>
          {t("keepOrDelete", which)}
        </DialogContentText>
        {confirmDelete && (
          <Notice severity="error" role="alert">
            {t("deleteWarning", which)}
          </Notice>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: "wrap" }}>
        <Button onClick={onClose} disabled={!!busy} autoFocus>
          {t("cancel")}
        </Button>
        {confirmDelete ? (
          <Button color="error" variant="contained" onClick={() => run("delete")} disabled={!!busy} aria-busy={busy === "delete"} startIcon={spinner("delete")}>
            {t("confirmDelete")}
          </Button>
        ) : (
          <>
            <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)} disabled={!!busy}>
              {t("delete")}
            </Button>
            <Button color="primary" variant="contained" onClick={() => run("keep")} disabled={!!busy} aria-busy={busy === "keep"} startIcon={spinner("keep")}>
              {t("keep")}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
