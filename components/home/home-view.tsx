import { LinkCard, LinkCardHint } from "@/components/ui/link-card";
import { PlainIcon } from "@/components/ui/plain-icon";
import { PLACE_ICON } from "@/components/ui/icon-paths";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { HomeIntegrations } from "@/components/integrations/home-integrations";
import type { IntegrationView } from "@/components/integrations/integration-view";
import { HomeAttention } from "./attention";
import { EnergyHistory, FlexCard, NowCard, PrivacyNotice } from "./home-parts";
import it from "@/components/ui/icon-tile.module.css";
import s from "./home.module.css";

// Material's icons (Apache 2.0, as @mui/icons-material ships them: PowerOutlined,
// DevicesOtherOutlined, EventRepeatOutlined, InsightsOutlined), drawn by PlainIcon
const POWER_ICON = "M16 9v4.66l-3.5 3.51V19h-1v-1.83L8 13.65V9zm0-6h-2v4h-4V3H8v4h-.01C6.9 6.99 6 7.89 6 8.98v5.52L9.5 18v3h5v-3l3.5-3.51V9c0-1.1-.9-2-2-2z";
const DEVICES_ICON = "M3 6h18V4H3c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h4v-2H3zm10 6H9v1.78c-.61.55-1 1.33-1 2.22s.39 1.67 1 2.22V20h4v-1.78c.61-.55 1-1.34 1-2.22s-.39-1.67-1-2.22zm-2 5.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5M22 8h-6c-.5 0-1 .5-1 1v10c0 .5.5 1 1 1h6c.5 0 1-.5 1-1V9c0-.5-.5-1-1-1m-1 10h-4v-8h4z";
const SCHEDULES_ICON = "M21 12V6c0-1.1-.9-2-2-2h-1V2h-2v2H8V2H6v2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h7v-2H5V10h14v2zm-2-4H5V6h14zm-3.36 12c.43 1.45 1.77 2.5 3.36 2.5 1.93 0 3.5-1.57 3.5-3.5s-1.57-3.5-3.5-3.5c-.95 0-1.82.38-2.45 1H18V18h-4v-4h1.5v1.43c.9-.88 2.14-1.43 3.5-1.43 2.76 0 5 2.24 5 5s-2.24 5-5 5c-2.42 0-4.44-1.72-4.9-4z";
// its two paths as one (the second's first move made absolute)
const INSIGHTS_ICON = "M21 8c-1.45 0-2.26 1.44-1.93 2.51l-3.55 3.56c-.3-.09-.74-.09-1.04 0l-2.55-2.55C12.27 10.45 11.46 9 10 9c-1.45 0-2.27 1.44-1.93 2.52l-4.56 4.55C2.44 15.74 1 16.55 1 18c0 1.1.9 2 2 2 1.45 0 2.26-1.44 1.93-2.51l4.55-4.56c.3.09.74.09 1.04 0l2.55 2.55C12.73 16.55 13.54 18 15 18c1.45 0 2.27-1.44 1.93-2.52l3.56-3.55c1.07.33 2.51-.48 2.51-1.93 0-1.1-.9-2-2-2M15 9l.94-2.07L18 6l-2.06-.93L15 3l-.92 2.07L12 6l2.08.93zM3.5 11 4 9l2-.5L4 8l-.5-2L3 8l-2 .5L3 9z";

const SECTIONS = [
  { href: "/integrations", key: "integrations", icon: POWER_ICON },
  { href: "/device-info", key: "devices", icon: DEVICES_ICON },
  { href: "/locations/", key: "locations", icon: PLACE_ICON },
  { href: "/schedules", key: "schedules", icon: SCHEDULES_ICON },
  { href: "/dashboards", key: "dashboards", icon: INSIGHTS_ICON },
] as const;

/**
 * Home for a signed-in user: the privacy notice until its current version is accepted (`noticeChanged`:
 * an older one was), a welcome, what needs attention (an integration to link again, a failed sync, a
 * device gone silent), the power now (with a device on MQTT: `live`), the energy history (with
 * Linky), the sections of the app, then the user's integrations with a sample of each one's data.
 */
export function HomeView({
  firstName,
  acceptedTos,
  integrations,
  noticeChanged,
  contact,
  live,
  events = false,
}: {
  firstName: string | null;
  /** accepted the current privacy notice */
  acceptedTos: boolean;
  integrations: IntegrationView[];
  noticeChanged?: boolean;
  contact: string;
  /** the household has a device on MQTT (or the server could not tell: the card then asks itself) */
  live: boolean;
  /** a community event to show (the server read the household's newest events) */
  events?: boolean;
}) {
  const t = useTranslations("home");
  return (
    <>
      {!acceptedTos && <PrivacyNotice contactEmail={contact} previousVersion={noticeChanged} />}
      <section aria-labelledby="welcome-title" className={s.welcome}>
        <Text id="welcome-title" variant="h1" className={s.title}>
          {firstName ? t("welcome.named", { name: firstName }) : t("welcome.anonymous")}
        </Text>
        <Text color="textSecondary" className={s.intro}>
          {integrations.length ? t("welcome.introLinked") : t("welcome.intro")}
        </Text>
        <HomeAttention integrations={integrations} live={live} />
        {live && <NowCard />}
        {events && <FlexCard />}
        {integrations.some((i) => i.name === "linky") && <EnergyHistory />}
        <div className={s.sections}>
          {SECTIONS.map(({ href, key, icon }) => (
            <LinkCard key={href} href={href} className={s.section}>
              <div aria-hidden className={it.tile}>
                <PlainIcon d={icon} />
              </div>
              <Text variant="h2" className={s.sectionTitle}>
                {t(`sections.${key}.title`)}
              </Text>
              <Text variant="body2" color="textSecondary" className={s.sectionText}>
                {t(`sections.${key}.text`)}
              </Text>
              <LinkCardHint>{t("sections.open")}</LinkCardHint>
            </LinkCard>
          ))}
        </div>
      </section>
      <HomeIntegrations initial={integrations} />
    </>
  );
}
