"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { send } from "@/lib/swr/fetcher";
import { PASSWORD_MIN } from "@/lib/validation/limits";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { TextLink } from "@/components/ui/text-link";
import { PasswordField } from "@/components/ui/password-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";
import { signInWithPassword } from "./session-client";

const signupSchema = () => import("@/lib/validation/auth").then((m) => m.signupFormSchema);

/** Creates the account, then logs the new user in and goes home (where the privacy notice waits). */
export function SignupForm() {
  const t = useTranslations("auth.signup.form");
  const router = useRouter();
  const toast = useToast();
  const form = useZodForm(signupSchema, { email: "", password: "", confirm: "" });

  const onSubmit = form.submit(async ({ email, password }) => {
    // answers an access token for API clients; the browser uses its session cookie instead
    await send("POST", "/api/signup", { username: email, password });
    toast.success({ title: t("done"), message: t("doneMessage") });
    const res = await signInWithPassword({ email, password, remember: "false" });
    router.replace(res?.ok && !res.error ? "/" : "/login");
    router.refresh();
    return "keep-busy";
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("label")}>
      <FormErrorAlert error={form.serverError}>
        {form.serverErrorCode === "user_exists" && (
          <p style={{ margin: "8px 0 0" }}>
            {t.rich("yours", {
              login: (chunks) => <TextLink href="/login">{chunks}</TextLink>,
              reset: (chunks) => <TextLink href="/forgot-password">{chunks}</TextLink>,
            })}
          </p>
        )}
      </FormErrorAlert>
      <Stack spacing={2.25} sx={{ mb: 3 }}>
        <TextField label={t("email")} type="email" autoComplete="email" fullWidth autoFocus {...form.text("email")} />
        <PasswordField
          label={t("password")}
          autoComplete="new-password"
          fullWidth
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
