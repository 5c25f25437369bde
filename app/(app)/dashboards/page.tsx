import type { Metadata } from "next";
import { DashboardsView } from "@/components/dashboards/dashboards-view";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { dashboardsPublicUrl } from "@/lib/services/dashboards/grafana";
import { requireCaller } from "@/lib/auth/session";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { METERS_URL } from "@/lib/swr/keys";
import { GET as meters } from "@/app/api/v1/meters/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("dashboards"))("title") };
}

// The meters are rendered with the page; the dashboard service's list and the chosen period's
// energy are read by the browser (the one is another service, the other depends on the view).
export default async function DashboardsPage() {
  const fallback = await prefetch(await requireCaller(), [[METERS_URL, meters]]);
  return (
    <Messages parts={["dashboards", "energy"]}>
      <SwrFallback fallback={fallback}>
        <DashboardsView publicUrl={dashboardsPublicUrl()} />
      </SwrFallback>
    </Messages>
  );
}
