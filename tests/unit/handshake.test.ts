// The start's handshake (lib/server/handshake.ts): the instrumentation hook lets Next go on once
// the schema is migrated, runs the app's own start once the seed is done, and reports it to the
// server; without the Foyer server it runs the start at once.
import { afterEach, describe, expect, it } from "vitest";
import { offerStart, registerWhenReady } from "@/lib/server/handshake";

const shared = globalThis as { foyerStart?: unknown };
afterEach(() => {
  delete shared.foyerStart;
});

/** A promise and its resolve/reject, to play the server's states. */
function deferred() {
  let resolve!: () => void, reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true), () => (done = true));
  await new Promise((r) => setTimeout(r, 10));
  return done;
};

describe("the start's handshake", () => {
  it("runs the app's start at once without the Foyer server", async () => {
    let started = 0;
    await registerWhenReady(async () => void started++);
    expect(started).toBe(1);
  });

  it("lets Next go on once migrated, starts the app once seeded, and tells the server", async () => {
    const migrated = deferred(), seeded = deferred();
    const { hookRan, registered } = offerStart({ migrated: migrated.promise, seeded: seeded.promise });
    let started = 0;
    const hook = registerWhenReady(async () => void started++);
    expect(await settled(hookRan)).toBe(true);
    expect(await settled(hook)).toBe(false); // Next waits for the schema
    migrated.resolve();
    expect(await settled(hook)).toBe(true);
    expect(started).toBe(0); // not before the seed
    expect(await settled(registered)).toBe(false);
    seeded.resolve();
    await registered;
    expect(started).toBe(1);
  });

  it("hands the app's failure to the server, not to Next", async () => {
    const seeded = deferred();
    const { registered } = offerStart({ migrated: Promise.resolve(), seeded: seeded.promise });
    await registerWhenReady(async () => {
      throw new Error("no workers");
    });
    seeded.resolve();
    await expect(registered).rejects.toThrow("no workers");
  });

  it("tells the server nothing while Next has not run the hook", async () => {
    const { hookRan } = offerStart({ migrated: Promise.resolve(), seeded: Promise.resolve() });
    expect(await settled(hookRan)).toBe(false);
  });
});
