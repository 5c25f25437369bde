import { db } from "@/lib/db";
import type { Country } from "@/lib/generated/prisma/client";

export type LocationSeed = { name?: string; country?: Country; lat?: number | string; lon?: number | string };

let seq = 0;

/** A location of `ownerId` in the database (Paris unless told otherwise). */
export async function makeLocation(ownerId: number, o: LocationSeed = {}) {
  seq += 1;
  return db.location.create({
    data: { ownerId, name: o.name ?? `Home ${seq}`, country: o.country ?? "FR", lat: o.lat ?? "48.8566", lon: o.lon ?? "2.3522" },
  });
}
