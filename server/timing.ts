/** With FOYER_TIMING=1, prints when a step of the start ended (npm run bench:start shows them). */
export function timing(label: string): void {
  if (process.env.FOYER_TIMING === "1") console.log(`[foyer:timing] ${label} ${performance.now().toFixed(0)} ms`);
}
