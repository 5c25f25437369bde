import Image from "next/image";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { TextLink } from "@/components/ui/text-link";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { PageWidth } from "@/components/ui/page-width";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { Text } from "@/components/ui/text";
import ElectricMeterOutlined from "@mui/icons-material/ElectricMeterOutlined";
import EcoOutlined from "@mui/icons-material/EnergySavingsLeafOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import ShieldOutlined from "@mui/icons-material/ShieldOutlined";
import MailOutlined from "@mui/icons-material/MailOutlined";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { primaryTint } from "@/lib/ui/tints";
import { visuallyHidden } from "@/components/ui/visually-hidden";

const FEATURES = [
  { icon: ElectricMeterOutlined, key: "meters" },
  { icon: EcoOutlined, key: "footprint" },
  { icon: EventRepeatOutlined, key: "flexibility" },
  { icon: ShieldOutlined, key: "data" },
] as const;

const PROJECTS = [
  { key: "horizon", href: "https://research-and-innovation.ec.europa.eu/funding/funding-opportunities/funding-programmes-and-open-calls/horizon-europe_en", logo: "/logos/horizon-europe.svg" },
  { key: "repository", href: "https://energy-communities-repository.ec.europa.eu/", logo: "/logos/energy-communities.svg" },
  { key: "cleanEnergy", href: "https://energy.ec.europa.eu/topics/energy-strategy/clean-energy-all-europeans-package_en", logo: "/logos/clean-energy.svg" },
] as const;

/** The page visitors see at '/': what Foyer is, how to join, whom to contact. */
export function LandingPage({ contact }: { contact: string }) {
  const t = useTranslations("landing.page");
  return (
    <>
      <Box component="section" aria-labelledby="hero-title" sx={{ background: `linear-gradient(180deg, ${primaryTint(0.09)} 0%, transparent 100%)`, py: { xs: 5, md: 9 } }}>
        <PageWidth>
          <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: "center" }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Text variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: "0.14em" }}>
                {t("hero.eyebrow")}
              </Text>
              <Text id="hero-title" variant="h1" sx={{ fontSize: { xs: "2.1rem", sm: "2.6rem", md: "3.1rem" }, lineHeight: 1.12, letterSpacing: "-0.02em", mb: 2.5 }}>
                {t("hero.title")}
              </Text>
              <Text color="textSecondary" sx={{ fontSize: { xs: "1.05rem", md: "1.15rem" }, lineHeight: 1.65, mb: 4, maxWidth: 560 }}>
                {t("hero.text")}
              </Text>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
                <Button component={NextLink} href="/signup" variant="contained" size="large" sx={{ px: 4 }}>
                  {t("hero.signup")}
                </Button>
                <Button component={NextLink} href="/login" variant="outlined" size="large" sx={{ px: 4 }}>
                  {t("hero.login")}
                </Button>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Image src="/images/home-solar.svg" alt={t("hero.image")} width={560} height={420} priority style={{ width: "100%", height: "auto" }} />
            </Grid>
          </Grid>
        </PageWidth>
      </Box>

      <PageWidth component="section" aria-label={t("features.label")} sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={3}>
          {FEATURES.map(({ icon: Icon, key }) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
              <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
                <Box aria-hidden sx={{ flexShrink: 0, width: 44, height: 44, borderRadius: 2.5, display: "grid", placeItems: "center", bgcolor: primaryTint(), color: "primary.main" }}>
                  <Icon />
                </Box>
                <Box>
                  <Text variant="h3" sx={{ fontSize: "1.05rem", mb: 0.5 }}>
                    {t(`features.${key}.title`)}
                  </Text>
                  <Text variant="body2" color="textSecondary" sx={{ lineHeight: 1.6 }}>
                    {t(`features.${key}.text`)}
                  </Text>
                </Box>
              </Box>
            </Grid>
          ))}
        </Grid>
      </PageWidth>

      <Box component="section" aria-labelledby="community-title" sx={{ bgcolor: "background.paper", borderTop: 1, borderBottom: 1, borderColor: "divider", py: { xs: 5, md: 8 } }}>
        <PageWidth>
          <Grid container spacing={{ xs: 4, md: 8 }} sx={{ alignItems: "center" }}>
            <Grid size={{ xs: 12, md: 6 }} sx={{ order: { xs: 2, md: 1 } }}>
              <Image src="/images/community.svg" alt={t("community.image")} width={560} height={420} style={{ width: "100%", height: "auto" }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ order: { xs: 1, md: 2 } }}>
              <Text id="community-title" variant="h2" sx={{ fontSize: { xs: "1.6rem", md: "2rem" }, mb: 2 }}>
                {t("community.title")}
              </Text>
              <Text color="textSecondary" sx={{ lineHeight: 1.7, mb: 2 }}>
                {t("community.text")}
              </Text>
              <Text color="textSecondary" sx={{ lineHeight: 1.7, mb: 3 }}>
                {t("community.join")}
              </Text>
              <Button href={`mailto:${contact}`} variant="outlined" startIcon={<MailOutlined />} sx={{ textTransform: "none", maxWidth: "100%" }}>
                <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>{contact}</Box>
              </Button>
            </Grid>
          </Grid>
        </PageWidth>
      </Box>

      <PageWidth component="section" aria-labelledby="projects-title" sx={{ py: { xs: 5, md: 8 } }}>
        <Text id="projects-title" variant="h2" sx={{ fontSize: { xs: "1.4rem", md: "1.6rem" }, mb: 1, textAlign: "center" }}>
          {t("projects.title")}
        </Text>
        <Text color="textSecondary" sx={{ mb: 4, textAlign: "center" }}>
          {t("projects.intro")}
        </Text>
        <Grid container spacing={2.5}>
          {PROJECTS.map((p) => (
            <Grid key={p.key} size={{ xs: 12, md: 4 }}>
              <Paper
                component="a"
                href={p.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                sx={{
                  display: "flex",
                  alignItems: "center",
                  gap: 2,
                  p: 2.25,
                  height: "100%",
                  textDecoration: "none",
                  color: "text.primary",
                  transition: "border-color .15s, box-shadow .15s",
                  "&:hover": { borderColor: "primary.main", boxShadow: 2 },
                  "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
                }}
              >
                <Image src={p.logo} alt="" width={56} height={56} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Text sx={{ fontWeight: 600, lineHeight: 1.3 }}>{t(`projects.${p.key}.name`)}</Text>
                  <Text variant="body2" color="textSecondary">
                    {t(`projects.${p.key}.text`)}
                  </Text>
                </Box>
                {/* said after the card's words, so that its name holds what it shows (WCAG 2.5.3) */}
                <Box component="span" style={visuallyHidden}>
                  {t("projects.opensNewTab")}
                </Box>
                <OpenInNew fontSize="small" sx={{ color: "text.secondary" }} aria-hidden />
              </Paper>
            </Grid>
          ))}
        </Grid>
        <Text variant="body2" color="textSecondary" sx={{ mt: 5, textAlign: "center" }}>
          {t.rich("contact", { email: contact, link: (chunks) => <TextLink href={`mailto:${contact}`}>{chunks}</TextLink> })}
        </Text>
      </PageWidth>
    </>
  );
}
