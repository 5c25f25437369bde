"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import { TextField } from "@/components/ui/text-field";
import { FetchError, send, serverFieldErrors } from "@/lib/swr/fetcher";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { PasswordField } from "@/components/ui/password-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";

const emailSchema = () => import("@/lib/validation/auth").then((m) => m.emailChangeSchema);

const EMPTY = { new_email: "", password: "" };

/** The field a refusal of POST /api/v1/users/me/email is about: by its code (incorrect_password, user_exists), else a 422 by path. */
function fieldErrorsOf(err: unknown): Record<string, string> | null {
  if (!(err instanceof FetchError)) return null;
  if (err.code === "incorrect_password") return { password: err.message };
  if (err.code === "user_exists") return { new_email: err.message };
  const fields = serverFieldErrors(err);
  return Object.keys(fields).some((k) => k in EMPTY) ? fields : null;
}

/**
 * Changes the account's e-mail, confirmed by the password. Sessions name the user by id, so this
 * one stays open; the page is refreshed so that the top bar and the profile show the new address.
 */
export function EmailForm({ email }: { email: string }) {
  const t = useTranslations("account.email");
  const router = useRouter();
  const toast = useToast();
  const form = useZodForm(emailSchema, EMPTY);

  const onSubmit = form.submit(async ({ password, new_email }) => {
    try {
      const user = await send<{ email: string }>("POST", "/api/v1/users/me/email", { password, new_email });
      form.setValues(EMPTY);
      toast.success({ title: t("changed"), message: t("logInWith", { email: user.email }) });
      router.refresh();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (!fields) throw e;
      form.setErrors(fields);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("form")}>
      <FormErrorAlert error={form.serverError} />
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2.25, mb: 3 }}>
        <TextField
          label={t("newEmail")}
          type="email"
          autoComplete="email"
          fullWidth
          {...form.text("new_email")}
          id="email-change-new-email"
          helperText={form.errors.new_email ?? t("currently", { email })}
        />
        <PasswordField
          label={t("password")}
          autoComplete="current-password"
          fullWidth
          {...form.text("password")}
          // the password form of the same page has a field named password too
          id="email-change-password"
          helperText={form.errors.password ?? t("passwordHelper")}
        />
      </Box>
      <SubmitButton busy={form.busy}>{t("submit")}</SubmitButton>
    </Box>
  );
}
