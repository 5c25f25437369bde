"use client";
import { useId } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useLocale, useTranslations } from "use-intl";
import { legrandPlantsUrl, netatmoHomesUrl, useSample } from "@/lib/swr/use-integrations";
import { RawData, SampleFailure } from "./raw-data";
import { legrandPlantCards, netatmoHomeCards, sampleErrorText, type PlaceCard, type PlaceWords } from "./vendor-text";

type Vendor = "legrand" | "netatmo";

/**
 * A button that fetches a vendor's data and shows the answer as cards (the JSON behind "Show raw
 * data"), or the failure as a sentence, with a spinner meanwhile. `prompt` is what shows before
 * the first click.
 */
function PlaceSample({
  vendor,
  url,
  button,
  prompt,
  resultLabel,
  cardsOf,
  empty,
}: {
  vendor: Vendor;
  url: string;
  button: string;
  prompt: string;
  resultLabel: string;
  cardsOf: (results: unknown, words: PlaceWords) => PlaceCard[];
  empty: string;
}) {
  const t = useTranslations("integrations.samples");
  const tv = useTranslations("integrations.vendor");
  const locale = useLocale();
  const { data, error, isLoading, run } = useSample<{ results?: unknown }>();
  const shown = error ?? data;
  const results = data?.results ?? data;
  const cards = data !== undefined ? cardsOf(results, { t: tv, locale }) : [];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      {shown === undefined && !isLoading && <Typography color="text.secondary">{prompt}</Typography>}
      <Box>
        <Button
          variant="contained"
          onClick={() => run(url)}
          disabled={isLoading}
          aria-busy={isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {button}
        </Button>
      </Box>
      <Box aria-live="polite">
        {isLoading ? (
          <Typography role="status" color="text.secondary">
            {t("loading")}
          </Typography>
        ) : error !== undefined ? (
          <SampleFailure sentence={sampleErrorText(tv, error, vendor)} body={error} label={t("errorLabel", { label: resultLabel })} />
        ) : data !== undefined ? (
          <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
            {cards.length ? <PlaceCards cards={cards} /> : <Typography color="text.secondary">{empty}</Typography>}
            <RawData value={results} label={resultLabel} />
          </Box>
        ) : null}
      </Box>
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

const listSx = { m: 0, p: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: 0.75 } as const;
const subheadSx = { m: 0, mb: 0.75, fontSize: 12, fontWeight: 700, color: "text.secondary", textTransform: "uppercase", letterSpacing: "0.06em" } as const;

function PlaceCardView({ card }: { card: PlaceCard }) {
  const t = useTranslations("integrations.samples");
  const titleId = useId();
  const { name, where, rooms, modules } = card;
  return (
    <Box component="article" aria-labelledby={titleId} sx={{ border: 1, borderColor: "divider", borderRadius: 2.5, p: 2, display: "flex", flexDirection: "column", gap: 1.5, minWidth: 0 }}>
      <div>
        <Typography id={titleId} component="h3" sx={{ fontSize: "1.05rem", fontWeight: 700 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[...where, rooms.length || modules.length ? t("counts", { rooms: rooms.length, modules: modules.length }) : null].filter(Boolean).join(" · ")}
        </Typography>
      </div>
      {rooms.length > 0 && (
        <div>
          <Box component="h4" sx={subheadSx}>
            {t("rooms")}
          </Box>
          <Box component="ul" sx={listSx}>
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
          </Box>
        </div>
      )}
      {modules.length > 0 && (
        <div>
          <Box component="h4" sx={subheadSx}>
            {t("modules")}
          </Box>
          <Box component="ul" sx={listSx}>
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
          </Box>
        </div>
      )}
      {!rooms.length && !modules.length && (
        <Typography variant="body2" color="text.secondary">
          {t("noRoomsOrModules")}
        </Typography>
      )}
    </Box>
  );
}

/** 'Legrand Plants': the plants of the user's Legrand installation, from the Home + Control API. */
export function LegrandPlants() {
  const t = useTranslations("integrations.samples");
  return (
    <PlaceSample
      vendor="legrand"
      url={legrandPlantsUrl()}
      button={t("legrandButton")}
      prompt={t("legrandPrompt")}
      resultLabel={t("legrandLabel")}
      cardsOf={legrandPlantCards}
      empty={t("legrandEmpty")}
    />
  );
}

/** 'Netatmo': the homes of the user's Netatmo account. */
export function NetatmoHomes() {
  const t = useTranslations("integrations.samples");
  return (
    <PlaceSample
      vendor="netatmo"
      url={netatmoHomesUrl()}
      button={t("netatmoButton")}
      prompt={t("netatmoPrompt")}
      resultLabel={t("netatmoLabel")}
      cardsOf={netatmoHomeCards}
      empty={t("netatmoEmpty")}
    />
  );
}
