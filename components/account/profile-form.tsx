"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import { TextField } from "@/components/ui/text-field";
import { send } from "@/lib/swr/fetcher";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { useZodForm } from "@/components/ui/use-zod-form";

const profileSchema = () => import("@/lib/validation/user").then((m) => m.profileFormSchema);

export type ProfileUser = { id: number; email: string; firstName: string | null; lastName: string | null };

/** My Account's profile: the e-mail (read-only), first and last name. */
export function ProfileForm({ user }: { user: ProfileUser }) {
  const t = useTranslations("account.profile");
  const router = useRouter();
  const toast = useToast();
  const form = useZodForm(profileSchema, { first_name: user.firstName ?? "", last_name: user.lastName ?? "" });

  const onSubmit = form.submit(async (data) => {
    await send("PUT", `/api/v1/users/${user.id}`, data);
    toast.success(t("saved"));
    // the name in the top bar comes from the server
    router.refresh();
  });

  // nothing to save until a name differs from the saved one (the page's `user`, fresh after a save)
  const unchanged = form.values.first_name === (user.firstName ?? "") && form.values.last_name === (user.lastName ?? "");

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("form")}>
      <FormErrorAlert error={form.serverError} />
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2.25, mb: 3 }}>
        <TextField
          label={t("email")}
          id="account-email"
          value={user.email}
          fullWidth
          helperText={t("emailHelper")}
          slotProps={{ input: { readOnly: true }, htmlInput: { "aria-readonly": true } }}
          sx={{ "& .MuiInputBase-root": { bgcolor: "action.hover" } }}
        />
        <TextField label={t("firstName")} autoComplete="given-name" fullWidth {...form.text("first_name")} />
        <TextField label={t("lastName")} autoComplete="family-name" fullWidth {...form.text("last_name")} />
      </Box>
      <SubmitButton busy={form.busy} disabled={unchanged}>
        {t("save")}
      </SubmitButton>
    </Box>
  );
}
