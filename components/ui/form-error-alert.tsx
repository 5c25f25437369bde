"use client";
import { useTranslations } from "use-intl";
import { Notice, NoticeTitle } from "@/components/ui/notice";
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
    <Notice severity="error" role="alert" sx={{ mb: 2 }}>
      <NoticeTitle>{t("error")}</NoticeTitle>
      {apiText(error)}
      {children}
    </Notice>
  );
}
