import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { LocationList } from "@/components/locations/location-list";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { LOCATIONS_URL } from "@/lib/swr/keys";
import { GET as locations } from "@/app/api/v1/locations/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("locations"))("page.title") };
}

export default async function LocationsPage() {
  const caller = await requireCaller();
  const fallback = await prefetch(caller, [[LOCATIONS_URL, locations]]);
  return (
    <Messages parts={["locations", "devices"]}>
      <SwrFallback fallback={fallback}>
        <LocationList callerId={caller.id} isAdmin={caller.isSuperuser} />
      </SwrFallback>
    </Messages>
  );
}
