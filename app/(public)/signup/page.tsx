import type { Metadata } from "next";
import { NextLink } from "@/components/ui/next-link";
import { redirect } from "next/navigation";
import MuiLink from "@mui/material/Link";
import { getCaller } from "@/lib/auth/session";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";
import { CanonicalAddressNotice } from "@/components/ui/canonical-address";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignupPage() {
  if (await getCaller()) redirect("/");
  return (
    <AuthCard
      title="Create your account"
      subtitle="Join your home energy community: it takes less than a minute."
      footer={
        <>
          Already have an account?{" "}
          <MuiLink component={NextLink} href="/login" underline="hover" sx={{ fontWeight: 600 }}>
            Log in
          </MuiLink>
        </>
      }
    >
      <CanonicalAddressNotice appUrl={env().APP_URL} why="sign up there, or linking your energy accounts and e-mail links will lose your session." />
      <SignupForm />
    </AuthCard>
  );
}
