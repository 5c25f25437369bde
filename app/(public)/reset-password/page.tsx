import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Reset password" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

// The link of the recovery e-mail: /reset-password?token=...; without a token there is nothing to do here.
export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  if (!value) redirect("/");
  return (
    <AuthCard title="Choose a new password" subtitle="Your new password replaces the old one and signs you out everywhere.">
      <ResetPasswordForm token={value} />
    </AuthCard>
  );
}
