"use client";
import { useEffect } from "react";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import { SWRConfig } from "swr";
import { config as zodConfig } from "zod";
import { fetcher } from "@/lib/swr/fetcher";
import { ToastProvider } from "@/components/ui/toast-provider";
import { theme } from "./theme";

// In the browser zod must not probe for `new Function` (its JIT): the pages' CSP has no
// 'unsafe-eval', so the probe is refused and reported as a violation. The server keeps the JIT.
if (typeof window !== "undefined") zodConfig({ jitless: true });

export function Providers({ children }: { children: React.ReactNode }) {
  // Marks the document once React has hydrated it: a click before then does nothing, so the
  // end-to-end specs wait for this mark after each navigation (tests/e2e/helpers.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider theme={theme} defaultMode="light">
      <CssBaseline />
      <SWRConfig value={{ fetcher, revalidateOnFocus: false }}>
        <ToastProvider>{children}</ToastProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
