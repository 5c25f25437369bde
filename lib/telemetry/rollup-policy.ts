// When the ingest rolls what it stored (docs/telemetry.md, "Storage"): the batches queued before
// the end of the last minute that has been over for ROLLUP_SETTLE_MS (at 12:01:05, those queued
// before 12:01:00). A batch queued at 12:00:40
// is rolled at about 12:01:05, with every other batch of the 12:00 minute, so that minute is
// rolled once from all its samples. A sample late for its minute is in a later batch, which rolls
// that minute again: nothing is left out, only done later.
import { ROLLUP_SETTLE_MS } from "./limits";

export function rollupCutoff(now: number): Date {
  return new Date(Math.floor((now - ROLLUP_SETTLE_MS) / 60_000) * 60_000);
}

/**
 * The pause after a slice that took `took` ms, with `left` slices to go: `pauseMs`, or, with
 * `spreadMs`, twice the slice's time (the pass takes at most a third of the database's time, and
 * the batches written meanwhile are not held up by seconds of rollups at once: bench:telemetry),
 * shortened so that the pass still ends within `spreadMs` of its start when it can.
 */
export function pauseAfter(took: number, left: number, elapsed: number, o: { pauseMs?: number; spreadMs?: number }): number {
  const least = o.pauseMs ?? 0;
  if (!o.spreadMs) return least;
  const room = (o.spreadMs - elapsed - left * took) / left;
  return Math.round(Math.max(least, Math.min(2 * took, room)));
}
