"use client";
// Home's "Needs your attention": what the household has to fix, before anything else on Home.
// Nothing at all when all is well; the list's code loads only when there is something to show.
import dynamic from "next/dynamic";
import type { IntegrationView } from "@/components/integrations/integration-view";
import { useIntegrations, type Vendor } from "@/lib/swr/use-integrations";
import { useMeters } from "@/lib/swr/use-meters";
import { useEnergyNow } from "@/lib/swr/use-telemetry-household";
import type { AttentionProps } from "./attention-list";

const AttentionList = dynamic(() => import("./attention-list").then((m) => m.AttentionList));

/** The card (and consent flow) an integration is linked again through: Legrand's two APIs share one. */
const vendorOf = (name: string): Vendor => (name === "linky" || name === "netatmo" ? name : "legrand");

/**
 * The integrations whose vendor no longer accepts Foyer's access, with Linky linked the meters
 * whose history sync failed (the list Home already has: the server page prefetches it) and, with
 * devices on MQTT (`live`), those that went silent or whose messages are refused: the Now card's
 * answer, which it refreshes (read here without polling it a second time).
 */
export function HomeAttention({ integrations, live }: { integrations: IntegrationView[]; live: boolean }) {
  const { data } = useIntegrations(integrations);
  const { data: now } = useEnergyNow(live, false);
  const current = data?.results ?? integrations;
  const devices = now?.attention ?? NO_DEVICES;
  const linky = current.find((i) => i.name === "linky");
  return linky ? <WithMeters integrations={current} linky={linky} devices={devices} /> : <Attention integrations={current} devices={devices} />;
}

const NO_DEVICES: AttentionProps["devices"] = [];

function WithMeters({ integrations, linky, devices }: { integrations: IntegrationView[]; linky: IntegrationView; devices: AttentionProps["devices"] }) {
  const { data } = useMeters();
  const meters = (data ?? []).filter((m) => m.integration_id === linky.id);
  // a meter whose consent is gone says so before its integration row may: Linky wants a new link all the same
  const consentLost = meters.some((m) => m.sync.state === "needs_relink");
  const failed = meters.filter((m) => m.sync.state === "failed");
  return <Attention integrations={integrations} relinkLinky={consentLost} failed={failed} devices={devices} />;
}

function Attention({
  integrations,
  relinkLinky = false,
  failed = [],
  devices,
}: {
  integrations: IntegrationView[];
  relinkLinky?: boolean;
  failed?: AttentionProps["failed"];
  devices: AttentionProps["devices"];
}) {
  const relink = [...new Set(integrations.filter((i) => i.needs_relink || (relinkLinky && i.name === "linky")).map((i) => vendorOf(i.name)))];
  if (!relink.length && !failed.length && !devices.length) return null;
  return <AttentionList relink={relink} failed={failed} devices={devices} />;
}
