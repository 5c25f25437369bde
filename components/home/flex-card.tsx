"use client";
// Home's community events: the events to come (with the household's baseline and choice) and the
// last one it took part in for a fortnight after (its result), from GET /api/v1/flexibility/events
// (the newest three, rendered by the server page: nothing moves). Loaded only when the server saw
// such an event (home-parts.tsx); nothing when there is none.
import { useState } from "react";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { Text } from "@/components/ui/text";
import { EventCard } from "@/components/flex/event-card";
import { useHomeEvents, type HouseholdEventView } from "@/lib/swr/use-flex";
import s from "@/components/flex/flex.module.css";

/** How long a past event the household took part in stays on Home. */
const RECENT_MS = 14 * 24 * 3600_000;

/** The events Home shows: those to come, and the latest one the household took part in, lately ended. */
function homeEvents(events: HouseholdEventView[], now: number): HouseholdEventView[] {
  const open = events.filter((e) => e.status === "upcoming" || e.status === "running").reverse();
  const recent = events.find((e) => (e.status === "ended" || e.status === "settled") && e.mine.choice?.opted_in && now - Date.parse(e.ends_at) < RECENT_MS);
  return recent ? [...open, recent] : open;
}

export function FlexCard() {
  const t = useTranslations("flex");
  const { data } = useHomeEvents();
  // the page's time once (a fortnight's edge need not move while it is open)
  const [now] = useState(() => Date.now());
  const shown = data ? homeEvents(data, now) : [];
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
