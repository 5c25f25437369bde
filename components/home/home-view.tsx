import { LinkCard } from "@/components/ui/link-card";
import Box from "@mui/material/Box";
import { Text } from "@/components/ui/text";
import ArrowForward from "@mui/icons-material/ArrowForward";
import DevicesOtherOutlined from "@mui/icons-material/DevicesOtherOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import PowerOutlined from "@mui/icons-material/PowerOutlined";
import { useTranslations } from "use-intl";
import { HomeIntegrations } from "@/components/integrations/home-integrations";
import type { IntegrationView } from "@/components/integrations/integration-view";
import { HomeAttention } from "./attention";
import { EnergyHistory, PrivacyNotice } from "./home-parts";
import { primaryTint } from "@/lib/ui/tints";

const SECTIONS = [
  { href: "/integrations", key: "integrations", icon: PowerOutlined },
  { href: "/device-info", key: "devices", icon: DevicesOtherOutlined },
  { href: "/locations/", key: "locations", icon: PlaceOutlined },
  { href: "/schedules", key: "schedules", icon: EventRepeatOutlined },
  { href: "/dashboards", key: "dashboards", icon: InsightsOutlined },
] as const;

/**
 * Home for a signed-in user: the privacy notice until its current version is accepted (`noticeChanged`:
 * an older one was), a welcome, what needs attention (an integration to link again, a failed sync),
 * the energy history (with Linky), the sections of the app, then the user's integrations with a
 * sample of each one's data.
 */
export function HomeView({
  firstName,
  acceptedTos,
  integrations,
  noticeChanged,
  contact,
}: {
  firstName: string | null;
  /** accepted the current privacy notice */
  acceptedTos: boolean;
  integrations: IntegrationView[];
  noticeChanged?: boolean;
  contact: string;
}) {
  const t = useTranslations("home");
  return (
    <>
      {!acceptedTos && <PrivacyNotice contactEmail={contact} previousVersion={noticeChanged} />}
      <Box component="section" aria-labelledby="welcome-title">
        <Text id="welcome-title" variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1, overflowWrap: "anywhere" }}>
          {firstName ? t("welcome.named", { name: firstName }) : t("welcome.anonymous")}
        </Text>
        <Text color="textSecondary" sx={{ mb: 4, maxWidth: 720, fontSize: "1.05rem", lineHeight: 1.6 }}>
          {integrations.length ? t("welcome.introLinked") : t("welcome.intro")}
        </Text>
        <HomeAttention integrations={integrations} />
        {integrations.some((i) => i.name === "linky") && <EnergyHistory />}
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" }, gap: 2.5 }}>
          {SECTIONS.map(({ href, key, icon: Icon }) => (
            <LinkCard key={href} href={href} sx={{ display: "flex", flexDirection: "column", gap: 1.5, p: 3, height: "100%", "&:hover": { boxShadow: 2 } }}>
              <Box aria-hidden sx={{ width: 44, height: 44, borderRadius: 2.5, display: "grid", placeItems: "center", bgcolor: primaryTint(), color: "primary.main" }}>
                <Icon />
              </Box>
              <Text variant="h2" sx={{ fontSize: "1.15rem" }}>
                {t(`sections.${key}.title`)}
              </Text>
              <Text variant="body2" color="textSecondary" sx={{ lineHeight: 1.6, flexGrow: 1 }}>
                {t(`sections.${key}.text`)}
              </Text>
              <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "primary.main", fontWeight: 600, fontSize: 14 }} aria-hidden>
                {t("sections.open")} <ArrowForward sx={{ fontSize: 16 }} />
              </Box>
            </LinkCard>
          ))}
        </Box>
      </Box>
      <HomeIntegrations initial={integrations} />
    </>
  );
}
