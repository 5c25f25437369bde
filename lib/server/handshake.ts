// How the Foyer server (server/main.mts) and the app's instrumentation hook (instrumentation.ts)
// meet at start, in one process: the server loads Next while the database starts, migrates and is
// seeded, and Next runs the hook while it prepares. The server offers its promises here; the hook
// lets Next go on once the schema is migrated (so that this thread can render the landing once
// while the seed runs on its own), and starts the app's own work (the configuration check, the
// maintenance loop, the job workers: lib/server/start.ts) once the seed is done; the server waits
// for that before it listens. Without the Foyer server (`next start`, a test), there is no offer
// and the hook does its work at once.

type Offer = {
  /** the database is up and migrated */
  migrated: Promise<void>;
  /** and seeded */
  seeded: Promise<void>;
  /** the hook says it runs, and hands over the app's own start */
  hookRuns: (start: Promise<void>) => void;
};

const shared = globalThis as { foyerStart?: Offer };

/**
 * The server's side: its promises, offered to the hook. `hookRan` resolves when Next has run the
 * hook; `registered` when the app's own start is done (and rejects with its failure).
 */
export function offerStart({ migrated, seeded }: { migrated: Promise<void>; seeded: Promise<void> }) {
  // (the start is handed over in a box: a promise resolved with a promise would follow it, and
  // "the hook ran" would wait for the app's whole start)
  let hookRuns: Offer["hookRuns"] = () => {};
  const handedOver = new Promise<{ start: Promise<void> }>((resolve) => (hookRuns = (start) => resolve({ start })));
  shared.foyerStart = { migrated, seeded, hookRuns };
  return { hookRan: handedOver.then(() => undefined), registered: handedOver.then(({ start }) => start) };
}

/** The hook's side: `start` (the app's own start) run when the server says, or at once without one. */
export async function registerWhenReady(start: () => Promise<void>): Promise<void> {
  const offered = shared.foyerStart;
  if (!offered) return start();
  const done = offered.seeded.then(start);
  // (the server waits for it, and reports its failure)
  done.catch(() => undefined);
  offered.hookRuns(done);
  await offered.migrated;
}
