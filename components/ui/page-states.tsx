"use client";
import { useTranslations } from "use-intl";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { NextLink as Link } from "@/components/ui/next-link";
import { FetchError } from "@/lib/swr/fetcher";
import { useErrorMessage } from "@/components/i18n/api-texts";

/** What shows until the data arrives (the specification's 'Loading...' by default). */
export function LoadingState({ label }: { label?: string }) {
  const t = useTranslations("common.ui");
  return (
    <Box role="status" aria-live="polite" sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 4, color: "text.secondary" }}>
      <CircularProgress size={22} aria-hidden />
      <span>{label ?? t("loading")}</span>
    </Box>
  );
}

/**
 * A load that failed: the server's detail (in the page's language: useErrorMessage) and a way to
 * try again; a 404 says the item is gone and offers the way back instead.
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
  const t = useTranslations("common.ui");
  const failure = useErrorMessage();
  const notFound = error instanceof FetchError && error.status === 404;
  return (
    <Notice
      severity={notFound ? "warning" : "error"}
      sx={{ my: 2, alignItems: "flex-start" }}
      action={
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {!notFound && onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t("tryAgain")}
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
      <NoticeTitle>{notFound ? t("notFound") : t("couldNotLoad", { what })}</NoticeTitle>
      {notFound ? t("doesNotExist", { what: `${what.charAt(0).toUpperCase()}${what.slice(1)}` }) : failure(error)}
    </Notice>
  );
}
