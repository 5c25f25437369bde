"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { TextLink } from "@/components/ui/text-link";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { PasswordField } from "@/components/ui/password-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { signInWithPassword } from "./session-client";

const loginSchema = () => import("@/lib/validation/auth").then((m) => m.loginFormSchema);

/** E-mail, password and 'Remember me'; on success goes to `callbackUrl` (a path on this site). */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("auth.login.form");
  const router = useRouter();
  const form = useZodForm(loginSchema, { email: "", password: "", remember: false });

  const onSubmit = form.submit(async ({ email, password, remember }) => {
    const res = await signInWithPassword({ email, password, remember: String(remember) });
    if (!res || res.error || !res.ok) throw new Error(res?.error || t("failed"));
    router.replace(callbackUrl);
    router.refresh();
    return "keep-busy";
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("label")}>
      <FormErrorAlert error={form.serverError} />
      <Stack spacing={2.25}>
        <TextField label={t("email")} type="email" autoComplete="username" fullWidth autoFocus {...form.text("email")} />
        <PasswordField label={t("password")} autoComplete="current-password" fullWidth {...form.text("password")} />
      </Stack>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1, mt: 1, mb: 2.5 }}>
        <FormControlLabel control={<Checkbox {...form.checkbox("remember")} />} label={t("remember")} />
        <TextLink href="/forgot-password" variant="body2" underline="hover">
          {t("forgot")}
        </TextLink>
      </Box>
      <SubmitButton busy={form.busy} fullWidth>
        {t("submit")}
      </SubmitButton>
    </Box>
  );
}
