"use client";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import MyLocation from "@mui/icons-material/MyLocation";

/** What the browser offers: the position, only a refusal (a page not served over https), or nothing. */
type Support = "yes" | "insecure" | "no";

const noSubscription = () => () => {};
const support = (): Support => (!("geolocation" in navigator) ? "no" : window.isSecureContext ? "yes" : "insecure");

/** What a refused or failed request means for the household (GeolocationPositionError's codes). */
const FAILURES: Record<number, string> = {
  1: "Your browser did not allow Foyer to use your location. Allow it in the site's settings, or type the coordinates.",
  2: "Your device could not tell where it is. Try again, or type the coordinates.",
  3: "Finding your location took too long. Try again, or type the coordinates.",
};

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; accuracy: number } | { kind: "failed"; message: string };

/** A coordinate as the form's field shows it: at most 6 decimals (about 10 cm), no trailing zeros. */
const coordinateText = (n: number) => String(Number(n.toFixed(6)) + 0);

/**
 * "Use my location": asks the browser for the device's position (navigator.geolocation) and hands
 * it to `onLocate`, rounded to 6 decimals, saying while it waits and why it failed. Not shown
 * where the browser has no geolocation; disabled, with the reason, on a page not served over https
 * (a home server opened by its LAN address), where every browser refuses.
 */
export function UseMyLocation({ onLocate, disabled = false }: { onLocate: (lat: string, lon: string) => void; disabled?: boolean }) {
  const supported = useSyncExternalStore(noSubscription, support, () => null);
  const [state, setState] = useState<State>({ kind: "idle" });
  // an answer that comes after the form has gone is dropped
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (supported === null || supported === "no") return null;

  const locate = () => {
    if (state.kind === "busy") return;
    setState({ kind: "busy" });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!mounted.current) return;
        onLocate(coordinateText(p.coords.latitude), coordinateText(p.coords.longitude));
        setState({ kind: "done", accuracy: p.coords.accuracy });
      },
      (err) => {
        if (!mounted.current) return;
        setState({ kind: "failed", message: FAILURES[err.code] ?? FAILURES[2] });
      },
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  const busy = state.kind === "busy";
  const message =
    supported === "insecure"
      ? "Your location can be used only when Foyer is opened by an https address. Type the coordinates instead."
      : state.kind === "busy"
        ? "Waiting for your browser: it may ask whether Foyer may use your location."
        : state.kind === "done"
          ? `Filled in with your device's location (within about ${formatAccuracy(state.accuracy)}). Check the country, then save.`
          : state.kind === "failed"
            ? state.message
            : null;

  return (
    <Box sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, alignItems: { xs: "stretch", sm: "center" }, gap: 1.5 }}>
      <Button
        type="button"
        variant="outlined"
        onClick={locate}
        disabled={disabled || supported === "insecure"}
        aria-busy={busy}
        aria-describedby="use-my-location-status"
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <MyLocation />}
        sx={{ flexShrink: 0, minHeight: 44 }}
      >
        {busy ? "Finding your location…" : "Use my location"}
      </Button>
      <Typography id="use-my-location-status" role="status" variant="body2" color={state.kind === "failed" ? "error" : "text.secondary"}>
        {message}
      </Typography>
    </Box>
  );
}

function formatAccuracy(metres: number) {
  return metres >= 1000 ? `${Math.round(metres / 100) / 10} km` : `${Math.max(1, Math.round(metres))} m`;
}
