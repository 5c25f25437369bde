"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Notice } from "@/components/ui/notice";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import DeleteForeverOutlined from "@mui/icons-material/DeleteForeverOutlined";
import type { FetchError } from "@/lib/swr/fetcher";
import { lazyWhenOpen } from "@/components/ui/lazy";
import type { DeletionSummary } from "@/lib/services/users/deletion";
import { useApi } from "@/lib/swr/use-api";
import { DELETION_SUMMARY_URL } from "@/lib/swr/keys";

// the dialog (its form, the password field) loads when it first opens
const DeleteDialog = lazyWhenOpen(() => import("./delete-account-dialog").then((m) => m.DeleteDialog));

/**
 * My Account's danger zone: deleting the account, after a dry run of what goes and the password.
 * The last administrator sees why they cannot. On success the browser goes to the visitors' home
 * (the answer has cleared the session cookie).
 */
export function DeleteAccount() {
  const t = useTranslations("account.delete");
  const { data, error, isLoading, mutate } = useApi<DeletionSummary, FetchError>(DELETION_SUMMARY_URL);
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // the server's 403 detail for the last administrator (its words), shown before anyone tries
  const lastAdmin = refused ?? (data?.last_admin ? t("lastAdmin") : null);

  return (
    <Paper
      component="section"
      aria-labelledby="delete-account-title"
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, borderColor: "error.light" }}
    >
      <Text id="delete-account-title" variant="h2" sx={{ fontSize: "1.25rem", mb: 0.5, color: "error.main" }}>
        {t("title")}
      </Text>
      <Text variant="body2" color="textSecondary" sx={{ mb: 2.5, maxWidth: 720, lineHeight: 1.6 }}>
        {t("intro")}
      </Text>
      {lastAdmin && (
        <Notice severity="warning" sx={{ mb: 2 }} id="delete-account-reason">
          {lastAdmin}
        </Notice>
      )}
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverOutlined />}
        disabled={Boolean(lastAdmin)}
        aria-describedby={lastAdmin ? "delete-account-reason" : undefined}
        onClick={() => {
          void mutate();
          setOpen(true);
        }}
      >
        {t("button")}
      </Button>
      <DeleteDialog
        open={open}
        summary={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => mutate()}
        onClose={() => setOpen(false)}
        onRefused={(detail) => {
          setRefused(detail);
          setOpen(false);
        }}
      />
    </Paper>
  );
}
