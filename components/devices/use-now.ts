"use client";
// The clock of the "12 s ago" texts: one timer for the whole page, ticking every second while
// something shows such a text.
import { useSyncExternalStore } from "react";

let now = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

// the same value for every read within a second (React reads it more than once per render)
function snapshot() {
  if (!timer) {
    const t = Date.now();
    if (t - now >= 1000) now = t;
  }
  return now;
}

/**
 * The time now (ms), again every second; null on the server and while the page hydrates: a text
 * the server wrote with its own clock would differ from the browser's (React's hydration error).
 */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
