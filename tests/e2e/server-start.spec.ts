// The production server (the bundle `npm run build` makes of server/main.mts, run by
// scripts/start.mjs) refuses to start on a configuration it cannot serve, with one line naming the
// variable, before it touches a database: a placeholder SECRET_KEY on a database of its own, a
// setting out of range. (Its settings' rules: tests/unit/settings.test.ts.)
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** The server started with `env` (on top of a bare environment): its exit code and what it printed. */
function start(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve("scripts/start.mjs"), "start"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

// nothing listens there: a server that went on to migrate would say so, not what is asserted
const NOWHERE = "postgresql://foyer:foyer@127.0.0.1:9/foyer";

test("refuses a placeholder SECRET_KEY on a database of its own, before migrating anything", async () => {
  const { code, out } = await start({ DATABASE_URL: NOWHERE, SECRET_KEY: "changethis-changethis-changethis-123" });
  expect(code).toBe(1);
  expect(out).toContain("SECRET_KEY is a placeholder");
  expect(out).not.toMatch(/migrat|ECONNREFUSED|\n\s+at /i);
});

test("refuses a setting out of range, naming it", async () => {
  const { code, out } = await start({ DATABASE_URL: NOWHERE, SECRET_KEY: "k".repeat(40), FOYER_PROCESSES: "99" });
  expect(code).toBe(1);
  expect(out).toContain('FOYER_PROCESSES must be a whole number from 1 to 64 (got "99")');
});
