import type { Metadata } from "next";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { requireCaller, sessionIsRemembered } from "@/lib/auth/session";
import { AppearanceSelect } from "@/components/account/appearance";
import { DataArchive } from "@/components/account/data-archive";
import { DeleteAccount } from "@/components/account/delete-account";
import { EmailForm } from "@/components/account/email-form";
import { EnergyData } from "@/components/account/energy-data";
import { PasswordForm } from "@/components/account/password-form";
import { ProfileForm } from "@/components/account/profile-form";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { ARCHIVES_URL, DELETION_SUMMARY_URL, METERS_URL } from "@/lib/swr/keys";
import { GET as meters } from "@/app/api/v1/meters/route";
import { GET as archives } from "@/app/api/v1/users/me/archives/route";
import { GET as deletionSummary } from "@/app/api/v1/users/me/deletion/route";

export const metadata: Metadata = { title: "My Account" };

function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, height: "100%", borderRadius: 3 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: "1.25rem", mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {subtitle}
      </Typography>
      {children}
    </Paper>
  );
}

export default async function AccountPage() {
  const caller = await requireCaller();
  const [remember, fallback] = await Promise.all([
    sessionIsRemembered(),
    prefetch(caller, [
      [METERS_URL, meters],
      [ARCHIVES_URL, archives],
      [DELETION_SUMMARY_URL, deletionSummary],
    ]),
  ]);
  return (
    <SwrFallback fallback={fallback}>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1 }}>
        My Account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Your profile, your password, your data.
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="profile-title" title="Profile" subtitle="How Foyer greets you.">
            <ProfileForm user={{ id: caller.id, email: caller.email, firstName: caller.firstName, lastName: caller.lastName }} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="password-title" title="Change password" subtitle="Changing it signs you out on your other devices.">
            <PasswordForm email={caller.email} remember={remember} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="email-title" title="Change e-mail" subtitle="The address you log in with. Your password confirms the change.">
            <EmailForm email={caller.email} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="appearance-title" title="Appearance" subtitle="Light or dark, on this browser.">
            <AppearanceSelect />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section id="energy-data-title" title="Your energy data" subtitle="Your meters' readings as files you can keep, and history from the Enedis customer area.">
            <EnergyData />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section
            id="data-archive-title"
            title="Download my data"
            subtitle="Everything Foyer holds about you in one ZIP file: profile, consents, locations, devices, schedules, linked accounts (never their access tokens), meters and every reading as CSV and XML."
          >
            <DataArchive />
          </Section>
        </Grid>
        <Grid size={12}>
          <DeleteAccount />
        </Grid>
      </Grid>
    </SwrFallback>
  );
}
