import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth"))("reset.meta") };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

// The link of the recovery e-mail: /reset-password?token=...; without a token there is nothing to do here.
export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  if (!value) redirect("/");
  const t = await getT("auth");
  return (
    <Messages parts={["auth"]}>
      <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
        <ResetPasswordForm token={value} />
      </AuthCard>
    </Messages>
  );
}
