import type { Metadata } from "next";
import Box from "@mui/material/Box";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import { noticeDateText } from "@/lib/privacy/notice";
import { env } from "@/lib/env";
import { getLocale, getT } from "@/lib/i18n/server";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("landing"))("privacy.meta") };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Text variant="h2" sx={{ fontSize: { xs: "1.2rem", sm: "1.35rem" }, mb: 1.5 }}>
        {title}
      </Text>
      {children}
    </Box>
  );
}

const P = ({ children }: { children: React.ReactNode }) => <Text sx={{ mb: 1.5, lineHeight: 1.7 }}>{children}</Text>;

export default async function PrivacyPage() {
  const contact = env().CONTACT_EMAIL;
  const locale = await getLocale();
  const t = await getT("landing", locale);
  // the contact address as a link, and cookie names as code, inside the policy's sentences
  const rich = {
    email: contact,
    mail: (chunks: React.ReactNode) => (
      <MuiLink href={`mailto:${contact}`} underline="always">
        {chunks}
      </MuiLink>
    ),
    code: (chunks: React.ReactNode) => <code>{chunks}</code>,
  };
  const date = noticeDateText(locale);
  return (
    <Paper component="article" variant="outlined" sx={{ maxWidth: 820, mx: "auto", p: { xs: 2.5, sm: 5 }, "& ul": { pl: 3, mt: 0, mb: 1.5, lineHeight: 1.7 } }}>
      <Text variant="overline" component="p" color="primary" sx={{ fontWeight: 700 }}>
        {t("privacy.eyebrow")}
      </Text>
      <Text variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1 }}>
        {t("privacy.title")}
      </Text>
      <Text variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {t("privacy.version", { version: PRIVACY_NOTICE.version, date })}
      </Text>
      <Text color="textSecondary" sx={{ mb: 2 }}>
        {t("privacy.intro")}
      </Text>

      <Section title={t("privacy.who.title")}>
        <P>{t.rich("privacy.who.text", rich)}</P>
      </Section>

      <Section title={t("privacy.data.title")}>
        <Box component="ul">
          <li>{t("privacy.data.account")}</li>
          <li>{t("privacy.data.home")}</li>
          <li>{t("privacy.data.energy")}</li>
          <li>{t("privacy.data.schedules")}</li>
          <li>{t("privacy.data.keys")}</li>
        </Box>
      </Section>

      <Section title={t("privacy.use.title")}>
        <P>{t("privacy.use.intro")}</P>
        <Box component="ul">
          <li>{t("privacy.use.monitoring")}</li>
          <li>{t("privacy.use.baseline")}</li>
          <li>{t("privacy.use.benchmarks")}</li>
        </Box>
        <P>{t("privacy.use.noSale")}</P>
      </Section>

      <Section title={t("privacy.principles.title")}>
        <P>{t("privacy.principles.text")}</P>
      </Section>

      <Section title={t("privacy.sharing.title")}>
        <P>{t.rich("privacy.sharing.text", rich)}</P>
      </Section>

      <Section title={t("privacy.history.title")}>
        <P>{t.rich("privacy.history.request", rich)}</P>
        <P>{t("privacy.history.yourself")}</P>
      </Section>

      <Section title={t("privacy.rights.title")}>
        <P>{t.rich("privacy.rights.text", rich)}</P>
      </Section>

      <Section title={t("privacy.keeping.title")}>
        <P>{t("privacy.keeping.text")}</P>
      </Section>

      <Section title={t("privacy.cookies.title")}>
        <P>{t("privacy.cookies.intro")}</P>
        <Box component="ul">
          <li>{t.rich("privacy.cookies.session", rich)}</li>
          <li>{t.rich("privacy.cookies.csrf", rich)}</li>
          <li>{t.rich("privacy.cookies.callback", rich)}</li>
          <li>{t.rich("privacy.cookies.locale", rich)}</li>
        </Box>
        <P>{t.rich("privacy.cookies.secure", rich)}</P>
      </Section>

      <Section title={t("privacy.changes.title")}>
        <P>{t("privacy.changes.text")}</P>
        <Box component="ul">
          <li>{t("privacy.changes.current", { version: PRIVACY_NOTICE.version, date, changes: t("privacy.changes.whatChanged") })}</li>
          <li>{t("privacy.changes.v1")}</li>
        </Box>
      </Section>
    </Paper>
  );
}
