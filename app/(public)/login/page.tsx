import type { Metadata } from "next";
import { NextLink } from "@/components/ui/next-link";
import { redirect } from "next/navigation";
import MuiLink from "@mui/material/Link";
import { getCaller } from "@/lib/auth/session";
import { AuthCard } from "@/components/auth/auth-card";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { LoginForm } from "@/components/auth/login-form";
import { ToastOnLoad } from "@/components/ui/toast-on-load";
import { CanonicalAddressNotice } from "@/components/ui/canonical-address";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Log in" };

type Props = { searchParams: Promise<{ callbackUrl?: string | string[]; reset?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  if (await getCaller()) redirect("/");
  const { callbackUrl, reset } = await searchParams;
  return (
    <>
      <ToastOnLoad toast={reset === "1" ? { severity: "success", title: "Your password has been reset", message: "You may login" } : null} removeParams={["reset"]} />
      <AuthCard
        title="Log in"
        subtitle="Welcome back to your home energy community."
        footer={
          <>
            New to Foyer?{" "}
            <MuiLink component={NextLink} href="/signup" underline="hover" sx={{ fontWeight: 600 }}>
              Sign up
            </MuiLink>
          </>
        }
      >
        <CanonicalAddressNotice appUrl={env().APP_URL} why="log in there, or linking your energy accounts and e-mail links will lose your session." />
        <LoginForm callbackUrl={safeCallbackUrl(callbackUrl)} />
      </AuthCard>
    </>
  );
}
