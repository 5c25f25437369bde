"use client";
import { useRouter } from "next/navigation";
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
  const router = useRouter();
  const toast = useToast();
  const form = useZodForm(signupSchema, { email: "", password: "", confirm: "" });

  const onSubmit = form.submit(async ({ email, password }) => {
    // answers an access token for API clients; the browser uses its session cookie instead
    await send("POST", "/api/signup", { username: email, password });
    toast.success({ title: "Registration complete", message: "Now use your username and password to login" });
    const res = await signInWithPassword({ email, password, remember: "false" });
    router.replace(res?.ok && !res.error ? "/" : "/login");
    router.refresh();
    return "keep-busy";
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      <FormErrorAlert error={form.serverError}>
        {form.serverErrorCode === "user_exists" && (
          <p style={{ margin: "8px 0 0" }}>
            Is it yours? <TextLink href="/login">Log in</TextLink> or <TextLink href="/forgot-password">reset your password</TextLink>.
          </p>
        )}
      </FormErrorAlert>
      <Stack spacing={2.25} sx={{ mb: 3 }}>
        <TextField label="Email" type="email" autoComplete="email" fullWidth autoFocus {...form.text("email")} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          fullWidth
          {...form.text("password")}
          helperText={form.errors.password ?? `At least ${PASSWORD_MIN} characters`}
        />
        <PasswordField label="Confirm password" autoComplete="new-password" fullWidth {...form.text("confirm")} />
      </Stack>
      <SubmitButton busy={form.busy} fullWidth>
        Sign up
      </SubmitButton>
    </Box>
  );
}
