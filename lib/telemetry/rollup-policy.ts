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
