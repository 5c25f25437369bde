import { getCaller } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";
import { acceptedOlderNotice } from "@/lib/services/users/accounts";
import { AppShell } from "@/components/layout/app-shell";
import { Messages } from "@/components/i18n/messages";
import { EVENT_CARD_MESSAGES } from "@/components/flex/card-messages";
import { PublicShell } from "@/components/layout/public-shell";
import { HomeView } from "@/components/home/home-lazy";
import { toIntegrationView } from "@/lib/serializers/integration";
import { LandingPage } from "@/components/landing/landing-lazy";
import { ToastOnLoad } from "@/components/ui/toast-on-load";
import type { ToastOptions } from "@/components/ui/toast-provider";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { ENERGY_NOW_URL, ENERGY_SUMMARY_URL, FLEX_HOME_OPEN_URL, FLEX_HOME_PAST_URL, METERS_URL } from "@/lib/swr/keys";
import { GET as energyNow } from "@/app/api/v1/energy/now/route";
import { GET as energySummary } from "@/app/api/v1/energy/summary/route";
import { GET as meters } from "@/app/api/v1/meters/route";
import { GET as flexEvents } from "@/app/api/v1/flexibility/events/route";
import { rememberLocale } from "@/lib/services/users/locale";
import { getLocale, getT } from "@/lib/i18n/server";
import type { EnergyNow } from "@/lib/swr/use-telemetry-household";

type Props = { searchParams: Promise<{ created?: string | string[]; updated?: string | string[]; account_deleted?: string | string[] }> };

// '/': the landing page for visitors, the home of the app for signed-in users. An integration's
// vendor callback comes back here with ?created=true or ?updated=true; a deleted account with
// ?account_deleted=1.
export default async function HomePage({ searchParams }: Props) {
  const caller = await getCaller();
  const contact = env().CONTACT_EMAIL;
  const t = await getT("home");
  if (!caller) {
    const deleted = (await searchParams).account_deleted === "1";
    return (
      <PublicShell fullBleed contact={contact}>
        <ToastOnLoad
          toast={deleted ? { severity: "success", title: t("toast.deletedTitle"), message: t("toast.deletedMessage") } : null}
          removeParams={["account_deleted"]}
        />
        <Messages parts={["landing"]}>
          <LandingPage contact={contact} />
        </Messages>
      </PublicShell>
    );
  }
  const [{ created, updated }, integrations, noticeChanged] = await Promise.all([searchParams, listIntegrations(caller), acceptedOlderNotice(caller)]);
  // with a Linky linked, Home shows the energy summary and each meter's history sync; with a device
  // on MQTT, the power now (one read of the household's devices tells: none, no card and no code)
  const fallback = await prefetch(caller, [
    [ENERGY_NOW_URL, energyNow],
    [FLEX_HOME_OPEN_URL, flexEvents],
    [FLEX_HOME_PAST_URL, flexEvents],
    ...(integrations.some((i) => i.name === "linky")
      ? ([
          [ENERGY_SUMMARY_URL, energySummary],
          [METERS_URL, meters],
        ] as const)
      : []),
  ]);
  const now = fallback[ENERGY_NOW_URL] as EnergyNow | undefined;
  // the refused messages' headlines only for a household with a device on MQTT (its attention list,
  // polled, may list one any time)
  const refused = !!now?.devices.length;
  // no device on MQTT: nothing reads it (and the page need not carry it)
  if (now && !now.devices.length) delete fallback[ENERGY_NOW_URL];
  // no community event yet: the card's code is not loaded
  const open = fallback[FLEX_HOME_OPEN_URL] as unknown[] | undefined;
  const past = fallback[FLEX_HOME_PAST_URL] as unknown[] | undefined;
  const events = open && past ? [...open, ...past] : undefined;
  if (events && !events.length) {
    delete fallback[FLEX_HOME_OPEN_URL];
    delete fallback[FLEX_HOME_PAST_URL];
  }
  // the household's language, for the e-mails sent to it without a request (event invitations)
  void rememberLocale(caller.id, await getLocale());
  const toast: ToastOptions | null =
    created === "true"
      ? { severity: "info", message: t("toast.created") }
      : updated === "true"
        ? { severity: "info", message: t("toast.updated") }
        : null;
  return (
    <AppShell caller={caller} contact={contact}>
      <ToastOnLoad toast={toast} removeParams={["created", "updated"]} />
      {/* Home's integrations (components/integrations), and each meter's summary and sync (of My Energy's messages, only those) */}
      <Messages parts={["home", "integrations", "energy.summary", "energy.sync", "energy.loading", ...(refused ? (["devices.errorKind"] as const) : []), ...(events?.length ? EVENT_CARD_MESSAGES : [])]}>
        <SwrFallback fallback={fallback}>
          <HomeView firstName={caller.firstName} acceptedTos={caller.acceptedTos} integrations={integrations.map(toIntegrationView)} noticeChanged={noticeChanged} contact={contact} live={now ? now.devices.length > 0 : true} events={events ? events.length > 0 : true} />
        </SwrFallback>
      </Messages>
    </AppShell>
  );
}
