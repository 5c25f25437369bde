// The server's settings (lib/shared/settings.mjs): each rule once, read by the server and checked
// by lib/env.ts's schema with the same function.
import { describe, expect, it } from "vitest";
import { brotliQualityFrom, embeddedPgPortFrom, flagFrom, maxBodyBytesFrom, portFrom, processesFrom, secretKeyProblem } from "@/lib/shared/settings.mjs";

describe("the server's settings", () => {
  it("takes MAX_BODY_BYTES or 1 MiB, and names the variable when it is wrong", () => {
    expect(maxBodyBytesFrom({})).toBe(1048576);
    expect(maxBodyBytesFrom({ MAX_BODY_BYTES: "2048" })).toBe(2048);
    for (const bad of ["0", "-1", "1e6", "lots"]) expect(() => maxBodyBytesFrom({ MAX_BODY_BYTES: bad })).toThrow(/MAX_BODY_BYTES/);
  });

  it("takes BROTLI_QUALITY from 0 to 11, 5 by default", () => {
    expect(brotliQualityFrom({})).toBe(5);
    expect(brotliQualityFrom({ BROTLI_QUALITY: "11" })).toBe(11);
    expect(brotliQualityFrom({ BROTLI_QUALITY: "0" })).toBe(0);
    for (const bad of ["12", "-1", "4.5", "best"]) expect(() => brotliQualityFrom({ BROTLI_QUALITY: bad })).toThrow(/BROTLI_QUALITY/);
  });

  it("takes FOYER_PROCESSES from 1 to 64, one per core up to 4 by default, 1 in development", () => {
    expect(processesFrom({}, false, 2)).toBe(2);
    expect(processesFrom({}, false, 16)).toBe(4);
    expect(processesFrom({}, false, 1)).toBe(1);
    expect(processesFrom({ FOYER_PROCESSES: "3" }, false, 2)).toBe(3);
    expect(processesFrom({ FOYER_PROCESSES: "3" }, true, 2)).toBe(1);
    for (const bad of ["0", "-1", "2.5", "many", "65"]) expect(() => processesFrom({ FOYER_PROCESSES: bad }, false, 2)).toThrow(/FOYER_PROCESSES must be a whole number from 1 to 64/);
  });

  it("takes PORT and EMBEDDED_PG_PORT as port numbers", () => {
    expect(portFrom({})).toBe(3000);
    expect(portFrom({ PORT: "8080" })).toBe(8080);
    for (const bad of ["0", "65536", "http", "80.5"]) expect(() => portFrom({ PORT: bad })).toThrow(/PORT must be a port number/);
    expect(embeddedPgPortFrom({})).toBe(54329);
    expect(embeddedPgPortFrom({ EMBEDDED_PG_PORT: "0" })).toBe(0);
  });

  it("reads a yes/no setting in any of its spellings, and refuses anything else", () => {
    expect(flagFrom({}, "SEED_DEMO", true)).toBe(true);
    for (const no of ["false", "FALSE", "0", "no"]) expect(flagFrom({ SEED_DEMO: no }, "SEED_DEMO", true)).toBe(false);
    for (const yes of ["true", "1", "Yes"]) expect(flagFrom({ SEED_DEMO: yes }, "SEED_DEMO", false)).toBe(true);
    expect(() => flagFrom({ SEED_DEMO: "nope" }, "SEED_DEMO", true)).toThrow(/SEED_DEMO must be true or false/);
  });

  it("refuses a short or placeholder SECRET_KEY, with one rule for the server and the app", () => {
    expect(secretKeyProblem(undefined)).toMatch(/at least 32 characters/);
    expect(secretKeyProblem("short")).toMatch(/at least 32 characters/);
    for (const placeholder of ["changethis".padEnd(40, "x"), "change-me-please-to-something-long", "please-change-this-secret-key-now!!", "secret".repeat(6)]) {
      expect(secretKeyProblem(placeholder), placeholder).toMatch(/placeholder/);
    }
    expect(secretKeyProblem("Zq3u1c0bq8Yt7mK2vX9pL4rN6sA5dE8fG1hJ0kW")).toBeNull();
  });
});

describe("lib/env.ts checks the server's settings with the same rules", () => {
  it("names a wrong server setting among the environment's problems", async () => {
    const before = { ...process.env };
    try {
      Object.assign(process.env, { DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/x", SECRET_KEY: "k".repeat(40), FOYER_PROCESSES: "99", BROTLI_QUALITY: "12" });
      const { env } = await import("@/lib/env");
      expect(() => env()).toThrow(/FOYER_PROCESSES: FOYER_PROCESSES must be a whole number from 1 to 64[\s\S]*BROTLI_QUALITY: BROTLI_QUALITY must be a whole number from 0 to 11/);
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in before)) delete process.env[k];
      Object.assign(process.env, before);
    }
  });
});
