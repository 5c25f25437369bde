import type { Metadata } from "next";
import { NextLink } from "@/components/ui/next-link";
import MuiLink from "@mui/material/Link";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{" "}
          <MuiLink component={NextLink} href="/login" underline="hover" sx={{ fontWeight: 600 }}>
            Back to login
          </MuiLink>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
