"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import { TextField } from "@/components/ui/text-field";
import { send } from "@/lib/swr/fetcher";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";

const forgotSchema = () => import("@/lib/validation/auth").then((m) => m.forgotPasswordFormSchema);

/** Asks for a reset link by e-mail (the answer is the same whether or not the account exists). */
export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot.form");
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(forgotSchema, { email: "" });

  const onSubmit = form.submit(async ({ email }) => {
    await send("POST", `/api/password-recovery/${encodeURIComponent(email)}`);
    toast.success({ title: t("sent"), message: t("sentMessage") });
    setSentTo(email);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("label")}>
      <FormErrorAlert error={form.serverError} />
      {sentTo && (
        <Notice severity="success" sx={{ mb: 2 }}>
          {t("sentTo", { email: sentTo })}
        </Notice>
      )}
      <TextField label={t("email")} type="email" autoComplete="email" fullWidth autoFocus sx={{ mb: 3 }} {...form.text("email")} />
      <SubmitButton busy={form.busy} fullWidth>
        {t("submit")}
      </SubmitButton>
    </Box>
  );
}
