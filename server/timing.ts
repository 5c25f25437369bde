import { flagFrom } from "@/lib/shared/settings.mjs";

/** Whether FOYER_TIMING asks for the timings (a value it cannot read asks for none: lib/env.ts says so at start). */
function wanted(): boolean {
  try {
    return flagFrom(process.env, "FOYER_TIMING", false);
  } catch {
    return false;
  }
}

/** With FOYER_TIMING=1, prints when a step of the start ended (npm run bench:start shows them). */
export function timing(label: string): void {
  if (wanted()) console.log(`[foyer:timing] ${label} ${performance.now().toFixed(0)} ms`);
}
