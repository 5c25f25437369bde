"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import { send } from "@/lib/swr/fetcher";
import { PASSWORD_MIN } from "@/lib/validation/limits";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { PasswordField } from "@/components/ui/password-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";
import { signInWithPassword } from "@/components/auth/session-client";

const passwordSchema = () => import("@/lib/validation/auth").then((m) => m.passwordChangeFormSchema);

const EMPTY = { current_password: "", password: "", confirm: "" };

/**
 * Changes the password. The change ends every session (this one too), so the user is signed in
 * again with the new password, keeping their 'Remember me' choice.
 */
export function PasswordForm({ email, remember }: { email: string; remember: boolean }) {
  const t = useTranslations("account.password");
  const router = useRouter();
  const toast = useToast();
  const form = useZodForm(passwordSchema, EMPTY);

  const onSubmit = form.submit(async ({ current_password, password }) => {
    await send("POST", "/api/v1/users/me/password", { current_password, new_password: password });
    const res = await signInWithPassword({ email, password, remember: String(remember) });
    if (!res?.ok || res.error) {
      toast.info({ title: t("changed"), message: t("logInAgain") });
      router.replace("/login");
      return "keep-busy";
    }
    form.setValues(EMPTY);
    toast.success({ title: t("changed"), message: t("useNew") });
    router.refresh();
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("form")}>
      <FormErrorAlert error={form.serverError} />
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2.25, mb: 3 }}>
        <PasswordField label={t("current")} autoComplete="current-password" fullWidth {...form.text("current_password")} />
        <PasswordField
          label={t("new")}
          autoComplete="new-password"
          fullWidth
          {...form.text("password")}
          helperText={form.errors.password ?? t("minLength", { min: String(PASSWORD_MIN) })}
        />
        <PasswordField label={t("confirm")} autoComplete="new-password" fullWidth {...form.text("confirm")} />
      </Box>
      <SubmitButton busy={form.busy}>{t("submit")}</SubmitButton>
    </Box>
  );
}
