// The maintenance loop purges what can no longer be used, and keeps everything else.
import { expect, it } from "vitest";
import { db } from "@/lib/db";
import { makeUser } from "../factories/users";
import { runMaintenance } from "@/lib/server/maintenance";

it("purges old rate-limit hits, unusable reset tokens and expired consents, off the request path", async () => {
  const now = Date.now();
  const u = await makeUser();
  await db.rateLimitHit.createMany({
    data: [
      { bucket: "login-email", key: "a@example.com", createdAt: new Date(now - 2 * 86_400_000) },
      { bucket: "login-email", key: "a@example.com", createdAt: new Date(now - 60_000) },
    ],
  });
  await db.passwordResetToken.createMany({
    data: [
      { userId: u.id, tokenHash: "expired", expiresAt: new Date(now - 1000) },
      { userId: u.id, tokenHash: "used", expiresAt: new Date(now + 3_600_000), usedAt: new Date(now - 1000) },
      { userId: u.id, tokenHash: "live", expiresAt: new Date(now + 3_600_000) },
    ],
  });
  await db.oAuthState.createMany({
    data: [
      { stateHash: "old", userId: u.id, vendor: "linky", browserHash: "b", expiresAt: new Date(now - 1000) },
      { stateHash: "pending", userId: u.id, vendor: "netatmo", browserHash: "b", expiresAt: new Date(now + 600_000) },
    ],
  });
  const removed = await runMaintenance(now);
  // energy.changes outlives the tests' truncation (its own purge: energy-changes.test.ts)
  expect(removed).toEqual({ hits: 1, resetTokens: 2, oauthStates: 1, energyChanges: expect.any(Number) });
  expect((await db.oAuthState.findMany({ select: { stateHash: true } })).map((s) => s.stateHash)).toEqual(["pending"]);
  expect(await db.rateLimitHit.count()).toBe(1);
  expect((await db.passwordResetToken.findMany({ select: { tokenHash: true } })).map((t) => t.tokenHash)).toEqual(["live"]);
});
