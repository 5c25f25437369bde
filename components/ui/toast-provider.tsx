"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Snackbar, { type SnackbarCloseReason } from "@mui/material/Snackbar";

export type ToastSeverity = "success" | "error" | "info" | "warning";

/** A message, or a title with its description ('Registration complete' / 'Now use ...'). */
export type ToastContent = string | { title?: string; message: string };

export type ToastOptions = {
  severity?: ToastSeverity;
  title?: string;
  message: string;
  /** milliseconds before it hides by itself; null keeps it until closed (default 6 s, errors 10 s) */
  duration?: number | null;
};

export type Toaster = {
  show: (toast: ToastOptions) => void;
  success: (content: ToastContent) => void;
  error: (content: ToastContent) => void;
  info: (content: ToastContent) => void;
  warning: (content: ToastContent) => void;
};

type QueuedToast = ToastOptions & { key: number };

const ToastContext = createContext<Toaster | null>(null);

let nextKey = 1;

/** Present for screen readers and text matching, invisible on screen. */
const srOnly: React.CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", margin: -1, padding: 0, border: 0 };

/**
 * One toast at a time, at the top centre, closable; later ones wait their turn. It lives in the
 * root layout, so a toast shown just before a client-side navigation stays on screen.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [current, setCurrent] = useState<QueuedToast | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (queue.length && !current) {
      setCurrent(queue[0]);
      setQueue((q) => q.slice(1));
      setOpen(true);
    } else if (queue.length && current && open) {
      // a newer toast is waiting: close this one, the next shows once it has left
      setOpen(false);
    }
  }, [queue, current, open]);

  const show = useCallback((t: ToastOptions) => setQueue((q) => [...q, { ...t, key: nextKey++ }]), []);
  const toaster = useMemo<Toaster>(() => {
    const by = (severity: ToastSeverity) => (c: ToastContent) => show(typeof c === "string" ? { severity, message: c } : { severity, ...c });
    return { show, success: by("success"), error: by("error"), info: by("info"), warning: by("warning") };
  }, [show]);

  const close = (_e?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === "clickaway") return;
    setOpen(false);
  };
  const severity = current?.severity ?? "info";
  const duration = current?.duration === undefined ? (severity === "error" ? 10000 : 6000) : current.duration;

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        onClose={close}
        autoHideDuration={duration}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
        slotProps={{ transition: { onExited: () => setCurrent(null) } }}
        sx={{ top: { xs: 12, sm: 20 }, width: { xs: "calc(100% - 24px)", sm: "auto" } }}
      >
        <Alert onClose={() => close()} severity={severity} variant="filled" sx={{ width: "100%", minWidth: { sm: 360 }, maxWidth: 560, boxShadow: 4 }}>
          {current?.title && (
            <AlertTitle sx={{ mb: 0.25 }}>
              {current.title}
              {/* read and matched as one sentence: 'Title: message' */}
              <span style={srOnly}>: </span>
            </AlertTitle>
          )}
          {current?.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

/** Shows toasts: `toast.success("Your profile was updated")`, `toast.info({ title, message })`. */
export function useToast(): Toaster {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast() needs a <ToastProvider> above it (components/layout/providers.tsx)");
  return ctx;
}
