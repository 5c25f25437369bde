// loadCaller: the read every authenticated call makes (lib/auth/caller.ts), one plain statement.
// It must give exactly what the user's row says, and nobody for a retired, inactive or impossible id.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { loadCaller } from "@/lib/auth/caller";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import { makeUser } from "../factories/users";

describe("loadCaller", () => {
  it("maps the user's row to a Caller, field by field", async () => {
    const u = await makeUser({ admin: true, firstName: "Camille", acceptedTos: true });
    await db.user.update({ where: { id: u.id }, data: { lastName: "Martin", tokenVersion: 3 } });
    expect(await loadCaller(u.id, 3, "bearer")).toEqual({
      id: u.id,
      email: u.email,
      firstName: "Camille",
      lastName: "Martin",
      isSuperuser: true,
      acceptedTos: true,
      tokenVersion: 3,
      via: "bearer",
    });
    const plain = await makeUser();
    expect(await loadCaller(plain.id, 0, "cookie")).toEqual({
      id: plain.id,
      email: plain.email,
      firstName: null,
      lastName: null,
      isSuperuser: false,
      acceptedTos: false,
      tokenVersion: 0,
      via: "cookie",
    });
  });

  it("counts the privacy notice as accepted only at its current version", async () => {
    const u = await makeUser({ acceptedTos: true });
    expect((await loadCaller(u.id, 0, "bearer"))?.acceptedTos).toBe(true);
    await db.user.update({ where: { id: u.id }, data: { tosVersion: PRIVACY_NOTICE.version - 1 } });
    expect((await loadCaller(u.id, 0, "bearer"))?.acceptedTos).toBe(false);
    await db.user.update({ where: { id: u.id }, data: { tosVersion: null } });
    expect((await loadCaller(u.id, 0, "bearer"))?.acceptedTos).toBe(false);
  });

  it("is nobody for an older token version, an inactive user, a missing or impossible id", async () => {
    const u = await makeUser();
    await db.user.update({ where: { id: u.id }, data: { tokenVersion: 1 } });
    expect(await loadCaller(u.id, 0, "bearer")).toBeNull();
    expect(await loadCaller(u.id, 1, "bearer")).not.toBeNull();
    const off = await makeUser({ active: false });
    expect(await loadCaller(off.id, 0, "cookie")).toBeNull();
    for (const id of [0, -1, 2_147_483_647, 2_147_483_648, 1e20, Number.NaN, 1.5]) expect(await loadCaller(id, 0, "bearer")).toBeNull();
  });
});
