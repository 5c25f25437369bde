"use client";
// A vendor sample's answer, loaded with the first answer (Home's first load does without it):
// homes or plants as cards with the JSON behind "Show raw data", or the failure in a sentence.
import { useId } from "react";
import Box from "@mui/material/Box";
import { Text } from "@/components/ui/text";
import { useLocale, useTranslations } from "use-intl";
import { RawData, VendorSampleFailure } from "./raw-data";
import { legrandPlantCards, netatmoHomeCards, type PlaceCard } from "./vendor-text";

const CARDS_OF = { legrand: legrandPlantCards, netatmo: netatmoHomeCards } as const;

/** The answer (`data`) or the failure (`error`, when defined) of a Legrand or Netatmo sample. */
export function PlaceSampleResult({ vendor, data, error, resultLabel, empty }: { vendor: "legrand" | "netatmo"; data: unknown; error: unknown; resultLabel: string; empty: string }) {
  const t = useTranslations("integrations.samples");
  const tv = useTranslations("integrations.vendor");
  const locale = useLocale();
  if (error !== undefined) return <VendorSampleFailure vendor={vendor} body={error} label={t("errorLabel", { label: resultLabel })} />;
  const results = (data as { results?: unknown } | null)?.results ?? data;
  const cards = CARDS_OF[vendor](results, { t: tv, locale });
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      {cards.length ? <PlaceCards cards={cards} /> : <Text color="textSecondary">{empty}</Text>}
      <RawData value={results} label={resultLabel} />
    </Box>
  );
}

/** Homes or plants as cards: name and place, rooms with their modules, modules in words. */
function PlaceCards({ cards }: { cards: PlaceCard[] }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(auto-fill, minmax(320px, 1fr))" }, gap: 2 }}>
      {cards.map((c) => (
        <PlaceCardView key={c.id} card={c} />
      ))}
    </Box>
  );
}

/** A card's rooms or modules: a small heading over a plain list. */
function ListPart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <Box component="h4" sx={{ m: 0, mb: 0.75, fontSize: 12, fontWeight: 700, color: "text.secondary", textTransform: "uppercase", letterSpacing: "0.06em" }}>
        {title}
      </Box>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: 0.75 }}>
        {children}
      </Box>
    </div>
  );
}

function PlaceCardView({ card }: { card: PlaceCard }) {
  const t = useTranslations("integrations.samples");
  const titleId = useId();
  const { name, where, rooms, modules } = card;
  return (
    <Box component="article" aria-labelledby={titleId} sx={{ border: 1, borderColor: "divider", borderRadius: 2.5, p: 2, display: "flex", flexDirection: "column", gap: 1.5, minWidth: 0 }}>
      <div>
        <Text id={titleId} component="h3" sx={{ fontSize: "1.05rem", fontWeight: 700 }}>
          {name}
        </Text>
        <Text variant="body2" color="textSecondary">
          {[...where, rooms.length || modules.length ? t("counts", { rooms: rooms.length, modules: modules.length }) : null].filter(Boolean).join(" · ")}
        </Text>
      </div>
      {rooms.length > 0 && (
        <ListPart title={t("rooms")}>
          {rooms.map((r) => (
            <li key={r.id}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {r.name}
              </Box>
              {r.kind && <span> ({r.kind.toLowerCase()})</span>}
              <Box component="span" sx={{ color: "text.secondary" }}>
                {r.modules.length ? t("roomModules", { modules: r.modules.join(", ") }) : t("roomNoModule")}
              </Box>
            </li>
          ))}
        </ListPart>
      )}
      {modules.length > 0 && (
        <ListPart title={t("modules")}>
          {modules.map((m) => (
            <li key={m.id}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {m.name}
              </Box>
              <Box component="span" sx={{ color: "text.secondary" }}>
                {[m.kind !== m.name ? m.kind : null, m.room ? t("inRoom", { room: m.room }) : null].filter(Boolean).map((s) => ` · ${s}`)}
              </Box>
            </li>
          ))}
        </ListPart>
      )}
      {!rooms.length && !modules.length && (
        <Text variant="body2" color="textSecondary">
          {t("noRoomsOrModules")}
        </Text>
      )}
    </Box>
  );
}
