import type { Metadata } from "next";
import { NextLink } from "@/components/ui/next-link";
import { redirect } from "next/navigation";
import MuiLink from "@mui/material/Link";
import { getCaller } from "@/lib/auth/session";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";
import { Messages } from "@/components/i18n/messages";
import { CanonicalAddressNotice } from "@/components/ui/canonical-address";
import { env } from "@/lib/env";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth"))("signup.meta") };
}

export default async function SignupPage() {
  if (await getCaller()) redirect("/");
  const t = await getT("auth");
  return (
    <Messages parts={["auth"]}>
      <AuthCard
        title={t("signup.title")}
        subtitle={t("signup.subtitle")}
        footer={t.rich("signup.footer", {
          link: (chunks) => (
            <MuiLink component={NextLink} href="/login" underline="hover" sx={{ fontWeight: 600 }}>
              {chunks}
            </MuiLink>
          ),
        })}
      >
        <CanonicalAddressNotice appUrl={env().APP_URL} why={t("signup.otherAddress")} />
        <SignupForm />
      </AuthCard>
    </Messages>
  );
}
