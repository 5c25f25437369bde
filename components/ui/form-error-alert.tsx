"use client";
import { useTranslations } from "use-intl";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import { useApiText } from "@/components/i18n/api-texts";

/**
 * The error box of a form: the server's `detail` (or any other failure) under the title 'Error',
 * in the page's language (useApiText), with `children` after it: what the user can do next (a
 * link to log in, to ask for a new link).
 */
export function FormErrorAlert({ error, children }: { error: string | null | undefined; children?: React.ReactNode }) {
  const t = useTranslations("common.ui");
  const apiText = useApiText();
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>{t("error")}</AlertTitle>
      {apiText(error)}
      {children}
    </Alert>
  );
}
