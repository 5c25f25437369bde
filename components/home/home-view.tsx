import { NextLink } from "@/components/ui/next-link";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import ArrowForward from "@mui/icons-material/ArrowForward";
import DevicesOtherOutlined from "@mui/icons-material/DevicesOtherOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import PowerOutlined from "@mui/icons-material/PowerOutlined";
import { HomeIntegrations } from "@/components/integrations/home-integrations";
import type { IntegrationView } from "@/components/integrations/integration-view";
import { EnergyHistory, PrivacyNotice } from "./home-parts";
import { primaryTint } from "@/lib/ui/tints";

const SECTIONS = [
  { href: "/integrations", title: "Integrations", icon: PowerOutlined, text: "Link your Linky meter and your Legrand or Netatmo account to bring your energy data in." },
  { href: "/device-info", title: "Devices", icon: DevicesOtherOutlined, text: "Register your meters and smart devices and name their measurement channels." },
  { href: "/locations/", title: "Locations", icon: PlaceOutlined, text: "Say where your devices are: your home, a second home, a workshop." },
  { href: "/schedules", title: "Schedules", icon: EventRepeatOutlined, text: "Plan the hours when your battery or appliances can flex for the community." },
  { href: "/dashboards", title: "Dashboards", icon: InsightsOutlined, text: "Follow your consumption, your production and your carbon footprint over time." },
];

/**
 * Home for a signed-in user: the privacy notice until its current version is accepted (`noticeChanged`:
 * an older one was), a welcome, the sections of the app,
 * then the user's integrations with a sample of each one's data.
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
  return (
    <>
      {!acceptedTos && <PrivacyNotice contactEmail={contact} previousVersion={noticeChanged} />}
      <Box component="section" aria-labelledby="welcome-title">
        <Typography id="welcome-title" variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1, overflowWrap: "anywhere" }}>
          Welcome{firstName ? `, ${firstName}` : " to Foyer"}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720, fontSize: "1.05rem", lineHeight: 1.6 }}>
          Foyer brings the energy of your home together with your community&apos;s. Start by linking an integration, then describe your devices and locations, and plan when your
          home can flex.
        </Typography>
        {integrations.some((i) => i.name === "linky") && <EnergyHistory />}
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" }, gap: 2.5 }}>
          {SECTIONS.map(({ href, title, icon: Icon, text }) => (
            <Card key={href} variant="outlined" sx={{ minWidth: 0, height: "100%", borderRadius: 3, transition: "border-color .15s, box-shadow .15s", "&:hover": { borderColor: "primary.main", boxShadow: 2 } }}>
              <CardActionArea component={NextLink} href={href} sx={{ height: "100%", alignItems: "stretch" }}>
                <CardContent sx={{ p: 3, display: "flex", flexDirection: "column", gap: 1.5, height: "100%" }}>
                  <Box aria-hidden sx={{ width: 44, height: 44, borderRadius: 2.5, display: "grid", placeItems: "center", bgcolor: primaryTint(), color: "primary.main" }}>
                    <Icon />
                  </Box>
                  <Typography variant="h2" sx={{ fontSize: "1.15rem" }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.6, flexGrow: 1 }}>
                    {text}
                  </Typography>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "primary.main", fontWeight: 600, fontSize: 14 }} aria-hidden>
                    Open <ArrowForward sx={{ fontSize: 16 }} />
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Box>
      <HomeIntegrations initial={integrations} />
    </>
  );
}
