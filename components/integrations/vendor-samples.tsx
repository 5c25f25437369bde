"use client";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { legrandPlantsUrl, netatmoHomesUrl, useSample } from "@/lib/swr/use-integrations";
import { lazyComponent } from "@/components/ui/lazy";
import s from "./home-integrations.module.css";

// the answer's cards, raw data and failure load with the first answer
const PlaceSampleResult = lazyComponent(() => import("./vendor-sample-result").then((m) => m.PlaceSampleResult));

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
  empty,
}: {
  vendor: Vendor;
  url: string;
  button: string;
  prompt: string;
  resultLabel: string;
  empty: string;
}) {
  const t = useTranslations("integrations.samples");
  const { data, error, isLoading, run } = useSample<{ results?: unknown }>();
  const shown = error ?? data;
  return (
    <div className={s.sample}>
      {shown === undefined && !isLoading && <Text color="textSecondary">{prompt}</Text>}
      <div>
        <Button
          variant="contained"
          onClick={() => run(url)}
          disabled={isLoading}
          aria-busy={isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {button}
        </Button>
      </div>
      <div aria-live="polite">
        {isLoading ? (
          <Text role="status" color="textSecondary">
            {t("loading")}
          </Text>
        ) : shown !== undefined ? (
          <PlaceSampleResult vendor={vendor} data={data} error={error} resultLabel={resultLabel} empty={empty} />
        ) : null}
      </div>
    </div>
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
      empty={t("netatmoEmpty")}
    />
  );
}
