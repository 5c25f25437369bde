"use client";
// Home's community events: the three soonest to come (with the household's baseline and choice)
// and, for a fortnight after, the last past one if it took part (its result), from GET
// /api/v1/flexibility/events (both lists rendered by the server page: nothing moves). Loaded only
// when the server saw an event (home-parts.tsx); nothing when there is none to show.
import { useState } from "react";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { Text } from "@/components/ui/text";
import { EventCard } from "@/components/flex/event-card";
import { useHomeOpenEvents, useHomePastEvent, type HouseholdEventView } from "@/lib/swr/use-flex";
import s from "@/components/flex/flex.module.css";

/** How long a past event the household took part in stays on Home. */
const RECENT_MS = 14 * 24 * 3600_000;

/** The events Home shows: those to come, then the last past one if the household took part in it lately. */
function homeEvents(open: HouseholdEventView[], past: HouseholdEventView[], now: number): HouseholdEventView[] {
  const recent = past.find((e) => (e.status === "ended" || e.status === "settled") && e.mine.choice?.opted_in && now - Date.parse(e.ends_at) < RECENT_MS);
  return recent ? [...open, recent] : open;
}

export function FlexCard() {
  const t = useTranslations("flex");
  const open = useHomeOpenEvents();
  const past = useHomePastEvent();
  // the page's time once (a fortnight's edge need not move while it is open)
  const [now] = useState(() => Date.now());
  const shown = homeEvents(open.data ?? [], past.data ?? [], now);
  if (!shown.length) return null;
  return (
    <section aria-labelledby="flex-title" className={s.section}>
      <div className={s.sectionHead}>
        <Text id="flex-title" variant="h2" className={s.sectionTitle}>
          {t("title")}
        </Text>
        <NextLink href="/flexibility">{t("seeAll")}</NextLink>
      </div>
      <ul className={s.list}>
        {shown.map((e) => (
          <li key={e.id}>
            <EventCard event={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}
