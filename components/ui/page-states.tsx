"use client";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "next/link";
import { errorMessage, FetchError } from "@/lib/swr/fetcher";

/** What shows until the data arrives (the specification's 'Loading...' by default). */
export function LoadingState({ label = "Loading..." }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 4, color: "text.secondary" }}>
      <CircularProgress size={22} aria-hidden />
      <span>{label}</span>
    </Box>
  );
}

/**
 * A load that failed: the server's detail and a way to try again; a 404 says the item is gone and
 * offers the way back instead.
 */
export function ErrorState({
  error,
  what,
  onRetry,
  back,
}: {
  error: unknown;
  /** what could not be loaded: "your devices", "this device" */
  what: string;
  onRetry?: () => void;
  back?: { href: string; label: string };
}) {
  const notFound = error instanceof FetchError && error.status === 404;
  return (
    <Alert
      severity={notFound ? "warning" : "error"}
      sx={{ my: 2, alignItems: "flex-start" }}
      action={
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {!notFound && onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          )}
          {back && (
            <Button color="inherit" size="small" component={Link} href={back.href}>
              {back.label}
            </Button>
          )}
        </Box>
      }
    >
      <AlertTitle>{notFound ? "Not found" : `We could not load ${what}`}</AlertTitle>
      {notFound ? `${what.charAt(0).toUpperCase()}${what.slice(1)} does not exist or is not yours.` : errorMessage(error)}
    </Alert>
  );
}
