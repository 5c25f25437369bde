import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { SchedulesView } from "@/components/schedules/schedules-view";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { SCHEDULE_OWNERS_URL, SCHEDULES_URL } from "@/lib/swr/keys";
import { GET as schedules } from "@/app/api/v1/schedules/route";
import { GET as users } from "@/app/api/v1/users/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("schedules"))("page.title") };
}

export default async function SchedulesPage() {
  const caller = await requireCaller();
  const fallback = await prefetch(caller, [[SCHEDULES_URL, schedules], ...(caller.isSuperuser ? [[SCHEDULE_OWNERS_URL, users] as const] : [])]);
  return (
    <Messages parts={["schedules"]}>
      <SwrFallback fallback={fallback}>
        <SchedulesView viewer={{ id: caller.id, isSuperuser: caller.isSuperuser }} />
      </SwrFallback>
    </Messages>
  );
}
