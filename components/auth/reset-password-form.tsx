"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { send } from "@/lib/swr/fetcher";
import { PASSWORD_MIN } from "@/lib/validation/limits";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { TextLink } from "@/components/ui/text-link";
import { PasswordField } from "@/components/ui/password-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";

const resetSchema = () => import("@/lib/validation/auth").then((m) => m.resetPasswordFormSchema);

/** Sets a new password with the token of the recovery e-mail, then goes to the login page. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth.reset.form");
  const router = useRouter();
  const form = useZodForm(resetSchema, { password: "", confirm: "" });

  const onSubmit = form.submit(async ({ password }) => {
    await send("POST", "/api/reset-password/", { token, new_password: password });
    router.replace("/login?reset=1");
    return "keep-busy";
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("label")}>
      <FormErrorAlert error={form.serverError}>
        {form.serverErrorCode === "invalid_reset_token" && (
          <p style={{ margin: "8px 0 0" }}>
            {t.rich("spent", { link: (chunks) => <TextLink href="/forgot-password">{chunks}</TextLink> })}
          </p>
        )}
      </FormErrorAlert>
      <Stack spacing={2.25} sx={{ mb: 3 }}>
        <PasswordField
          label={t("password")}
          autoComplete="new-password"
          fullWidth
          autoFocus
          {...form.text("password")}
          helperText={form.errors.password ?? t("passwordHelp", { min: PASSWORD_MIN })}
        />
        <PasswordField label={t("confirm")} autoComplete="new-password" fullWidth {...form.text("confirm")} />
      </Stack>
      <SubmitButton busy={form.busy} fullWidth>
        {t("submit")}
      </SubmitButton>
    </Box>
  );
}
