// Load shedding: at most MAX_CONCURRENT_REQUESTS handlers run at once in this process; up to
// MAX_QUEUED_REQUESTS more wait (each at most QUEUE_TIMEOUT_MS) for a turn. Past either bound the
// request is answered 503 with Retry-After at once, instead of a queue that grows without bound
// in front of a database pool that cannot serve it.
import { env } from "@/lib/env";
import { unavailable } from "@/lib/errors";

type Waiter = { resolve: () => void; timer: NodeJS.Timeout };

const state = { running: 0, queue: [] as Waiter[] };

const overloaded = () => unavailable("The server is busy, please try again shortly", 1);

function next() {
  const w = state.queue.shift();
  if (w) {
    clearTimeout(w.timer);
    w.resolve(); // the slot passes from the finished request to this one: `running` is unchanged
  } else {
    state.running--;
  }
}

async function acquire(): Promise<void> {
  const e = env();
  if (state.running < e.MAX_CONCURRENT_REQUESTS) {
    state.running++;
    return;
  }
  if (state.queue.length >= e.MAX_QUEUED_REQUESTS) throw overloaded();
  await new Promise<void>((resolve, reject) => {
    const w: Waiter = {
      resolve,
      timer: setTimeout(() => {
        const i = state.queue.indexOf(w);
        if (i >= 0) state.queue.splice(i, 1);
        reject(overloaded());
      }, e.QUEUE_TIMEOUT_MS),
    };
    state.queue.push(w);
  });
}

/** Runs `fn` within the process's concurrency bound (503 when over it). */
export async function withinCapacity<T>(fn: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await fn();
  } finally {
    next();
  }
}

const late = () => unavailable("The server could not answer in time, please try again shortly", 2);

/**
 * `work` bounded by READ_DEADLINE_MS for a read (GET, HEAD): past it the caller gets its 503 at
 * once, while the work ends in its own time (its statements bounded by the pool's timeouts). A
 * frozen database otherwise held a read for the queue's wait, then the pool's, then a statement's
 * (5-6 s seen); a read loses nothing by being cut. Writes are not cut: their outcome must be the
 * one the client hears.
 */
export function withinDeadline<T>(method: string, work: Promise<T>): Promise<T> {
  if (method !== "GET" && method !== "HEAD") return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), env().READ_DEADLINE_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** For tests and metrics: what runs and waits now. */
export const gateState = () => ({ running: state.running, queued: state.queue.length });
