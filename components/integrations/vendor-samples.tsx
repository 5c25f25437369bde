"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { legrandPlantsUrl, netatmoHomesUrl, useSample } from "@/lib/swr/use-integrations";
import { JsonBlock } from "./json-block";

/**
 * A button that fetches a vendor's data and shows the answer (or the failure) as JSON, with a
 * spinner meanwhile. `prompt` is what shows before the first click.
 */
function JsonSample({ url, button, prompt, resultLabel }: { url: string; button: string; prompt: string; resultLabel: string }) {
  const { data, error, isLoading, run } = useSample<{ results?: unknown }>();
  const shown = error ?? data;
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
            Loading...
          </Typography>
        ) : error !== undefined ? (
          <JsonBlock value={error} label={`${resultLabel}: error`} tone="error" />
        ) : data !== undefined ? (
          <JsonBlock value={data.results ?? data} label={resultLabel} />
        ) : null}
      </Box>
    </Box>
  );
}

/** 'Legrand Plants': the plants of the user's Legrand installation, from the Home + Control API. */
export function LegrandPlants() {
  return (
    <JsonSample
      url={legrandPlantsUrl()}
      button="Get plants from Home control API"
      prompt="Click the button below to fetch the plants (installations) of your Legrand account from the Home + Control API."
      resultLabel="Legrand plants"
    />
  );
}

/** 'Netatmo': the homes of the user's Netatmo account. */
export function NetatmoHomes() {
  return <JsonSample url={netatmoHomesUrl()} button="Get homes data" prompt="Click the button below to list the homes of your Netatmo account." resultLabel="Netatmo homes" />;
}
