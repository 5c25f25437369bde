"use client";
import { useEffect, useRef } from "react";
import { useToast, type ToastOptions } from "./toast-provider";

/**
 * Shows a toast once when the page opens (a server page decides from its query, e.g. ?reset=1),
 * then drops those query parameters so that a reload does not show it again.
 */
export function ToastOnLoad({ toast, removeParams = [] }: { toast: ToastOptions | null; removeParams?: string[] }) {
  const toaster = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (!toast || shown.current) return;
    shown.current = true;
    toaster.show(toast);
    if (removeParams.length) {
      const url = new URL(window.location.href);
      removeParams.forEach((p) => url.searchParams.delete(p));
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    }
  }, [toast, removeParams, toaster]);
  return null;
}
