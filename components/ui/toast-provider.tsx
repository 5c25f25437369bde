"use client";
import { createContext, useCallback, useContext, useMemo, useReducer } from "react";
import { lazyComponent } from "./lazy";

// the toast itself (MUI's Snackbar and Alert) loads with the first toast: most pages show none
const ToastView = lazyComponent(() => import("./toast-view").then((m) => m.ToastView));

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

type ToastQueue = { waiting: QueuedToast[]; current: QueuedToast | null; open: boolean };
type ToastEvent = { type: "show"; toast: QueuedToast } | { type: "close" | "entered" | "exited" };

/** The toast on screen and those waiting: a newer toast closes the current one, the next shows once it has left. */
function toastQueue(q: ToastQueue, e: ToastEvent): ToastQueue {
  switch (e.type) {
    case "show":
      return q.current ? { ...q, waiting: [...q.waiting, e.toast], open: false } : { ...q, current: e.toast, open: true };
    case "close":
      return { ...q, open: false };
    case "entered":
      // shown while others were already waiting: it makes way for them at once
      return q.waiting.length ? { ...q, open: false } : q;
    case "exited":
      return q.waiting.length ? { waiting: q.waiting.slice(1), current: q.waiting[0], open: true } : { ...q, current: null };
  }
}

/**
 * One toast at a time, at the top centre, closable; later ones wait their turn. It lives in the
 * root layout, so a toast shown just before a client-side navigation stays on screen.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [{ current, open }, dispatch] = useReducer(toastQueue, { waiting: [], current: null, open: false });

  const show = useCallback((t: ToastOptions) => dispatch({ type: "show", toast: { ...t, key: nextKey++ } }), []);
  const toaster = useMemo<Toaster>(() => {
    const by = (severity: ToastSeverity) => (c: ToastContent) => show(typeof c === "string" ? { severity, message: c } : { severity, ...c });
    return { show, success: by("success"), error: by("error"), info: by("info"), warning: by("warning") };
  }, [show]);
  const events = useMemo(
    () => ({ close: () => dispatch({ type: "close" }), entered: () => dispatch({ type: "entered" }), exited: () => dispatch({ type: "exited" }) }),
    [],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {current && (
        <ToastView
          key={current.key}
          toast={current}
          open={open}
          onClose={events.close}
          onEntered={events.entered}
          onExited={events.exited}
        />
      )}
    </ToastContext.Provider>
  );
}

/** Shows toasts: `toast.success("Your profile was updated")`, `toast.info({ title, message })`. */
export function useToast(): Toaster {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast() needs a <ToastProvider> above it (components/layout/providers.tsx)");
  return ctx;
}
