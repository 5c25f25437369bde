"use client";
import { visuallyHidden } from "./visually-hidden";
import { useEffect, useState } from "react";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Snackbar, { type SnackbarCloseReason } from "@mui/material/Snackbar";
import { useTranslations } from "use-intl";
import { useApiText } from "@/components/i18n/api-texts";
import type { ToastOptions } from "./toast-provider";

/**
 * One toast of ToastProvider's queue, closable; it hides by itself after its
 * duration. An API text in it (`toast.error(errorMessage(e))`) reads in the page's language (useApiText).
 */
export function ToastView({
  toast,
  open,
  onClose,
  onEntered,
  onExited,
}: {
  toast: ToastOptions;
  open: boolean;
  onClose: () => void;
  onEntered: () => void;
  onExited: () => void;
}) {
  const t = useTranslations("common.ui");
  const apiText = useApiText();
  // a toast closed before this code arrived (a newer one came meanwhile) never showed: it has left already
  const [shown] = useState(open);
  useEffect(() => {
    if (!shown) onExited();
  }, [shown, onExited]);

  const close = (_e?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === "clickaway") return;
    onClose();
  };
  const severity = toast.severity ?? "info";
  const duration = toast.duration === undefined ? (severity === "error" ? 10000 : 6000) : toast.duration;

  if (!shown) return null;
  return (
    <Snackbar
      open={open}
      onClose={close}
      autoHideDuration={duration}
      // at the bottom, right on a wide screen: never over the header, its menu and navigation
      // (which a toast at the top covered, on a phone the whole bar), nor over a page's title and
      // its actions; the forms and lists run down the left and the middle
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      slotProps={{ transition: { onEntered, onExited } }}
      sx={{ bottom: { xs: 12, sm: 24 }, width: { xs: "calc(100% - 24px)", sm: "auto" } }}
    >
      <Notice onClose={() => close()} closeText={t("close")} severity={severity} variant="filled" sx={{ width: "100%", minWidth: { sm: 360 }, maxWidth: 560, boxShadow: 4 }}>
        {toast.title && (
          <NoticeTitle sx={{ mb: 0.25 }}>
            {apiText(toast.title)}
            {/* read and matched as one sentence: 'Title: message' */}
            <span style={visuallyHidden}>: </span>
          </NoticeTitle>
        )}
        {apiText(toast.message)}
      </Notice>
    </Snackbar>
  );
}
