import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { FlexibilityView } from "@/components/flex/flexibility-view";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { FLEX_OFFERS_URL, FLEX_OPEN_URL, FLEX_PAST_URL, FLEX_SETTINGS_URL } from "@/lib/swr/keys";
import { GET as events } from "@/app/api/v1/flexibility/events/route";
import { GET as settings } from "@/app/api/v1/flexibility/route";
import { GET as offers } from "@/app/api/v1/flexibility/offers/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("flex"))("title") };
}

type Props = { searchParams: Promise<{ event?: string | string[] }> };

// The community's events and the household's offers; ?event=<id> (the invitation's link) shows that one.
export default async function FlexibilityPage({ searchParams }: Props) {
  const caller = await requireCaller();
  const [{ event }, fallback] = await Promise.all([searchParams, prefetch(caller, [[FLEX_OPEN_URL, events], [FLEX_PAST_URL, events], [FLEX_SETTINGS_URL, settings], [FLEX_OFFERS_URL, offers]])]);
  const focus = typeof event === "string" && /^\d{1,9}$/.test(event) ? Number(event) : null;
  return (
    <Messages parts={["flex"]}>
      <SwrFallback fallback={fallback}>
        <FlexibilityView focus={focus} />
      </SwrFallback>
    </Messages>
  );
}
