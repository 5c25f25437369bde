"use client";
import { useRouter } from "next/navigation";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { send } from "@/lib/swr/fetcher";
import { PASSWORD_MIN } from "@/lib/validation/limits";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { TextLink } from "@/components/ui/text-link";
import { RESET_LINK_SPENT } from "./reset-link";
import { PasswordField } from "@/components/ui/password-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";

const resetSchema = () => import("@/lib/validation/auth").then((m) => m.resetPasswordFormSchema);

/** Sets a new password with the token of the recovery e-mail, then goes to the login page. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const form = useZodForm(resetSchema, { password: "", confirm: "" });

  const onSubmit = form.submit(async ({ password }) => {
    await send("POST", "/api/reset-password/", { token, new_password: password });
    router.replace("/login?reset=1");
    return "keep-busy";
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      <FormErrorAlert error={form.serverError}>
        {form.serverErrorCode === "invalid_reset_token" && (
          <p style={{ margin: "8px 0 0" }}>
            {RESET_LINK_SPENT} <TextLink href="/forgot-password">Send me a new link</TextLink>
          </p>
        )}
      </FormErrorAlert>
      <Stack spacing={2.25} sx={{ mb: 3 }}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          fullWidth
          autoFocus
          {...form.text("password")}
          helperText={form.errors.password ?? `At least ${PASSWORD_MIN} characters`}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" fullWidth {...form.text("confirm")} />
      </Stack>
      <SubmitButton busy={form.busy} fullWidth>
        Set new password
      </SubmitButton>
    </Box>
  );
}
