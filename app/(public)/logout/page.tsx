import type { Metadata } from "next";
import { LogoutView } from "@/components/auth/logout-view";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth"))("logout.meta") };
}

export default function LogoutPage() {
  return (
    <Messages parts={["auth"]}>
      <LogoutView />
    </Messages>
  );
}
