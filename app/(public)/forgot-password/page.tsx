import type { Metadata } from "next";
import { NextLink } from "@/components/ui/next-link";
import MuiLink from "@mui/material/Link";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth"))("forgot.meta") };
}

export default async function ForgotPasswordPage() {
  const t = await getT("auth");
  return (
    <Messages parts={["auth"]}>
      <AuthCard
        title={t("forgot.title")}
        subtitle={t("forgot.subtitle")}
        footer={t.rich("forgot.footer", {
          link: (chunks) => (
            <MuiLink component={NextLink} href="/login" underline="hover" sx={{ fontWeight: 600 }}>
              {chunks}
            </MuiLink>
          ),
        })}
      >
        <ForgotPasswordForm />
      </AuthCard>
    </Messages>
  );
}
