import type { Metadata } from "next";
import { NextLink } from "@/components/ui/next-link";
import { redirect } from "next/navigation";
import MuiLink from "@mui/material/Link";
import { getCaller } from "@/lib/auth/session";
import { AuthCard } from "@/components/auth/auth-card";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { LoginForm } from "@/components/auth/login-form";
import { Messages } from "@/components/i18n/messages";
import { ToastOnLoad } from "@/components/ui/toast-on-load";
import { CanonicalAddressNotice } from "@/components/ui/canonical-address";
import { env } from "@/lib/env";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth"))("login.meta") };
}

type Props = { searchParams: Promise<{ callbackUrl?: string | string[]; reset?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  if (await getCaller()) redirect("/");
  const [{ callbackUrl, reset }, t] = await Promise.all([searchParams, getT("auth")]);
  return (
    <Messages parts={["auth"]}>
      <ToastOnLoad toast={reset === "1" ? { severity: "success", title: t("login.resetDone"), message: t("login.resetDoneMessage") } : null} removeParams={["reset"]} />
      <AuthCard
        title={t("login.title")}
        subtitle={t("login.subtitle")}
        footer={t.rich("login.footer", {
          link: (chunks) => (
            <MuiLink component={NextLink} href="/signup" underline="hover" sx={{ fontWeight: 600 }}>
              {chunks}
            </MuiLink>
          ),
        })}
      >
        <CanonicalAddressNotice appUrl={env().APP_URL} why={t("login.otherAddress")} />
        <LoginForm callbackUrl={safeCallbackUrl(callbackUrl)} />
      </AuthCard>
    </Messages>
  );
}
