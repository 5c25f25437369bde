// Environment variables for a test, a describe or a file, put back as they were afterwards. The
// app reads its vendor and dashboard settings at each call (lib/env.ts, integrationsEnv), so
// this is how a test points it at a fake, or takes a vendor away.
import { afterAll, beforeAll } from "vitest";

export type EnvVars = Record<string, string | undefined>;

/** Sets `vars` (undefined unsets) and answers the function that puts the previous values back. */
export function setEnv(vars: EnvVars): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  assign(vars);
  return () => assign(before);
}

function assign(vars: EnvVars) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/** `fn` with `vars` set, the previous values back afterwards (also when it throws). */
export async function withEnv<T>(vars: EnvVars, fn: () => T | Promise<T>): Promise<T> {
  const restore = setEnv(vars);
  try {
    return await fn();
  } finally {
    restore();
  }
}

/** `vars` for the enclosing describe (or file): set before its first test, restored after its last. */
export function useEnv(vars: () => EnvVars) {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = setEnv(vars());
  });
  afterAll(() => restore?.());
}
