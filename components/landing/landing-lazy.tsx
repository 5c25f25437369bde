// The landing for '/' (app/page.tsx), with its messages: the landing's own texts and the shell's,
// not the privacy policy's (a server page, landing.privacy), which would only weigh on the page
// visitors open first. Its code loads only when it is rendered (landing-dynamic.tsx).
import { I18nProvider } from "@/components/i18n/intl-provider";
import { CATALOGS, type Catalog } from "@/lib/i18n/messages";
import { getLocale } from "@/lib/i18n/server";
import { LandingDynamic } from "./landing-dynamic";

export async function LandingPage({ contact }: { contact: string }) {
  const locale = await getLocale();
  const { common, landing } = CATALOGS[locale];
  const messages = { common, landing: { page: landing.page } } as Partial<Catalog>;
  return (
    <I18nProvider locale={locale} messages={messages}>
      <LandingDynamic contact={contact} />
    </I18nProvider>
  );
}
