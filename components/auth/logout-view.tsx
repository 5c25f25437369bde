"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { signOutHere } from "./session-client";

/** Ends the session as soon as it is shown, then goes home with a full page load (a clean slate). */
export function LogoutView() {
  const t = useTranslations("auth.logout");
  const failure = useErrorMessage();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    try {
      await signOutHere();
      window.location.replace("/");
    } catch (err) {
      setError(failure(err));
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
    // once, when shown: `started` keeps Strict Mode's second effect from signing out twice
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2, py: 8 }} role="status" aria-live="polite">
      {error ? (
        <>
          <Notice severity="error">{t("failed", { error })}</Notice>
          <Button variant="contained" onClick={run}>
            {t("tryAgain")}
          </Button>
        </>
      ) : (
        <>
          <CircularProgress aria-hidden />
          <Text color="textSecondary">{t("busy")}</Text>
        </>
      )}
    </Box>
  );
}
