"use client";
import { useEffect } from "react";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import { ToastProvider } from "@/components/ui/toast-provider";
import { theme } from "./theme";

export function Providers({ children }: { children: React.ReactNode }) {
  // Marks the document once React has hydrated it: a click before then does nothing, so the
  // end-to-end specs wait for this mark after each navigation (tests/e2e/helpers.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider theme={theme} defaultMode="light">
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
