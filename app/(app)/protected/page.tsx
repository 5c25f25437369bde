import type { Metadata } from "next";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import { requireCaller, sessionIsRemembered } from "@/lib/auth/session";
import { AppearanceSelect, LanguageSelect } from "@/components/account/appearance";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { DataArchive } from "@/components/account/data-archive";
import { DeleteAccount } from "@/components/account/delete-account";
import { EmailForm } from "@/components/account/email-form";
import { EnergyData } from "@/components/account/energy-data";
import { PasswordForm } from "@/components/account/password-form";
import { ProfileForm } from "@/components/account/profile-form";
import { Sharing } from "@/components/account/sharing";
import { HouseholdProfile } from "@/components/account/household-profile";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { ARCHIVES_URL, DELETION_SUMMARY_URL, HOUSEHOLD_URL, METERS_URL, SHARING_LOG_URL, SHARING_URL } from "@/lib/swr/keys";
import { GET as meters } from "@/app/api/v1/meters/route";
import { GET as archives } from "@/app/api/v1/users/me/archives/route";
import { GET as deletionSummary } from "@/app/api/v1/users/me/deletion/route";
import { GET as sharing } from "@/app/api/v1/users/me/sharing/route";
import { GET as sharingLog } from "@/app/api/v1/users/me/sharing/log/route";
import { GET as household } from "@/app/api/v1/users/me/household/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("account"))("page.title") };
}

function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, height: "100%", borderRadius: 3 }}>
      <Text id={id} variant="h2" sx={{ fontSize: "1.25rem", mb: 0.5 }}>
        {title}
      </Text>
      <Text variant="body2" color="textSecondary" sx={{ mb: 3 }}>
        {subtitle}
      </Text>
      {children}
    </Paper>
  );
}

export default async function AccountPage() {
  const caller = await requireCaller();
  const t = await getT("account");
  const [remember, fallback] = await Promise.all([
    sessionIsRemembered(),
    prefetch(caller, [
      [METERS_URL, meters],
      [ARCHIVES_URL, archives],
      [DELETION_SUMMARY_URL, deletionSummary],
      [SHARING_URL, sharing],
      [SHARING_LOG_URL, sharingLog],
      [HOUSEHOLD_URL, household],
    ]),
  ]);
  return (
    <Messages parts={["account"]}>
    <SwrFallback fallback={fallback}>
      <Text variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1 }}>
        {t("page.title")}
      </Text>
      <Text color="textSecondary" sx={{ mb: 4 }}>
        {t("page.intro")}
      </Text>
      {/* a CSS grid, two columns from md: MUI's Grid is a client component this page would load for it alone */}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, gap: 3 }}>
        <div>
          <Section id="profile-title" title={t("page.profile")} subtitle={t("page.profileSub")}>
            <ProfileForm user={{ id: caller.id, email: caller.email, firstName: caller.firstName, lastName: caller.lastName }} />
          </Section>
        </div>
        <div>
          <Section id="password-title" title={t("page.password")} subtitle={t("page.passwordSub")}>
            <PasswordForm email={caller.email} remember={remember} />
          </Section>
        </div>
        <div>
          <Section id="email-title" title={t("page.email")} subtitle={t("page.emailSub")}>
            <EmailForm email={caller.email} />
          </Section>
        </div>
        <div>
          <Section id="appearance-title" title={t("page.appearance")} subtitle={t("page.appearanceSub")}>
            <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
              <LanguageSelect />
              <AppearanceSelect />
            </Box>
          </Section>
        </div>
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Section id="household-title" title={t("page.household")} subtitle={t("page.householdSub")}>
            <HouseholdProfile />
          </Section>
        </Box>
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Section id="energy-data-title" title={t("page.energy")} subtitle={t("page.energySub")}>
            <EnergyData />
          </Section>
        </Box>
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Section
            id="data-archive-title"
            title={t("page.archive")}
            subtitle={t("page.archiveSub")}
          >
            <DataArchive />
          </Section>
        </Box>
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Section id="sharing-title" title={t("page.sharing")} subtitle={t("page.sharingSub")}>
            <Sharing />
          </Section>
        </Box>
        <Box sx={{ gridColumn: "1 / -1" }}>
          <DeleteAccount />
        </Box>
      </Box>
    </SwrFallback>
    </Messages>
  );
}
