"use client";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocale, useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import MyLocation from "@mui/icons-material/MyLocation";
import type { Locale } from "@/lib/shared/locale.mjs";

/** What the browser offers: the position, only a refusal (a page not served over https), or nothing. */
type Support = "yes" | "insecure" | "no";

const noSubscription = () => () => {};
const support = (): Support => (!("geolocation" in navigator) ? "no" : window.isSecureContext ? "yes" : "insecure");

/** What a refused or failed request means for the household (GeolocationPositionError's codes): messages' locate.* */
const FAILURES = { 1: "denied", 2: "unavailable", 3: "timeout" } as const;
type Failure = (typeof FAILURES)[keyof typeof FAILURES];

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; accuracy: number } | { kind: "failed"; failure: Failure };

/** A coordinate to at most 6 decimals (about 10 cm); never -0. */
const rounded = (n: number) => Number(n.toFixed(6)) + 0;

/**
 * "Use my location": asks the browser for the device's position (navigator.geolocation) and hands
 * it to `onLocate`, rounded to 6 decimals, saying while it waits and why it failed. Not shown
 * where the browser has no geolocation; disabled, with the reason, on a page not served over https
 * (a home server opened by its LAN address), where every browser refuses.
 */
export function UseMyLocation({ onLocate, disabled = false }: { onLocate: (lat: number, lon: number) => void; disabled?: boolean }) {
  const t = useTranslations("locations.locate");
  const locale = useLocale();
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
        onLocate(rounded(p.coords.latitude), rounded(p.coords.longitude));
        setState({ kind: "done", accuracy: p.coords.accuracy });
      },
      (err) => {
        if (!mounted.current) return;
        setState({ kind: "failed", failure: FAILURES[err.code as keyof typeof FAILURES] ?? FAILURES[2] });
      },
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  const busy = state.kind === "busy";
  const message =
    supported === "insecure"
      ? t("insecure")
      : state.kind === "busy"
        ? t("waiting")
        : state.kind === "done"
          ? t("done", { accuracy: formatAccuracy(state.accuracy, locale) })
          : state.kind === "failed"
            ? t(state.failure)
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
        {busy ? t("busy") : t("button")}
      </Button>
      <Text id="use-my-location-status" role="status" variant="body2" color={state.kind === "failed" ? "error" : "textSecondary"}>
        {message}
      </Text>
    </Box>
  );
}

/** "1.5 km", "40 m"; "1,5 km" in French. */
function formatAccuracy(metres: number, locale: Locale) {
  const n = metres >= 1000 ? Math.round(metres / 100) / 10 : Math.max(1, Math.round(metres));
  return `${locale === "en" ? String(n) : new Intl.NumberFormat("fr-FR").format(n)} ${metres >= 1000 ? "km" : "m"}`;
}
