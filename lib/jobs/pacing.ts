// The vendor's call budget (Enedis: 5 calls per second and 1,000 per hour, per API), shared by
// every worker process: each call takes its place in PostgreSQL first, with the same atomic
// sliding windows as the app's rate limits (lib/services/rate-limit), and waits while the
// budget is spent.
import { env } from "@/lib/env";
import { isDomainError } from "@/lib/errors";
import { consume, type Limit } from "@/lib/services/rate-limit/sliding-window";

/** The hourly budget is spent: the work is put back for later (`retryAfterMs`). */
export class BudgetExhausted extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the vendor's call budget is spent for now; again in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The per-second window is counted a little wider than a second: a place is taken before the
 * request leaves, and requests reach the vendor with some jitter; counted over exactly one
 * second, six could arrive within the vendor's second (measured: 4 of 121 calls answered 429;
 * at 1.25 s, still one on a loaded machine).
 */
const SECOND_WINDOW_MS = 1500;

function vendorLimits(api: string): Limit[] {
  const e = env();
  return [
    { bucket: "vendor-second", key: api, max: e.LINKY_MAX_PER_SECOND, windowMs: SECOND_WINDOW_MS },
    { bucket: "vendor-hour", key: api, max: e.LINKY_MAX_PER_HOUR, windowMs: 3_600_000 },
  ];
}

/**
 * Waits for a place in `api`'s budget and takes it. Short waits (the per-second window) are
 * slept here; when the next place is more than `maxWaitMs` away, BudgetExhausted.
 */
export async function takeVendorCall(api: string, maxWaitMs = 5000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await consume(vendorLimits(api));
      return;
    } catch (err) {
      if (!isDomainError(err, "too_many")) throw err;
      const retryMs = (err.retryAfterSeconds ?? 1) * 1000;
      if (retryMs > maxWaitMs || Date.now() - started > maxWaitMs) throw new BudgetExhausted(retryMs);
      // the per-second window reopens within a second: try again shortly, at a jittered pace
      await sleep(100 + Math.random() * 150);
    }
  }
}
