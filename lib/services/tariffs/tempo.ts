// Tempo colours in `tempo_days`: written from any TempoSource (the bundled sample at seed time, RTE
// from a refresh job), read back for the cost computation. A colour fetched from RTE is never
// replaced by the bundled copy.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { BundledTempoSource, RteTempoSource, bundledTempoThrough, seasonOf, type TempoDayColour, type TempoSource } from "@/lib/energy/tempo";
import { addDays, parisDayOf } from "@/lib/time/paris";
import { env } from "@/lib/env";
import type { TempoColour } from "@/lib/energy/tariff";

type Db = Pick<PrismaClient, "$executeRaw" | "tempoDay">;

/** Upserts `colours` with `source`; returns how many rows were written. */
export async function storeTempoColours(db: Db, colours: TempoDayColour[], source: string): Promise<number> {
  let written = 0;
  for (let i = 0; i < colours.length; i += 1000) {
    const batch = colours.slice(i, i + 1000);
    written += await db.$executeRaw`
      INSERT INTO tempo_days (day, colour, source)
      SELECT d, c, ${source} FROM unnest(${batch.map((b) => b.day)}::date[], ${batch.map((b) => b.colour)}::"TempoColour"[]) AS t(d, c)
      ON CONFLICT (day) DO UPDATE SET colour = EXCLUDED.colour, source = EXCLUDED.source
      WHERE tempo_days.source <> 'rte' OR EXCLUDED.source = 'rte'`;
  }
  return written;
}

/** Fetches [from, to) from `source` and stores it. */
export async function refreshTempo(db: Db, source: TempoSource & { source: string }, from: string, to: string): Promise<number> {
  return storeTempoColours(db, await source.colours(from, to), source.source);
}

/** The bundled colours (RTE's, from September 2023 to the last day the file knows), for the seed. */
export async function seedTempoSample(db: Db): Promise<number> {
  return refreshTempo(db, new BundledTempoSource(), "2023-09-01", addDays(bundledTempoThrough(), 1));
}

/** Stored colours of days [from, to). */
export async function tempoColours(db: Pick<PrismaClient, "tempoDay">, from: string, to: string): Promise<Map<string, TempoColour>> {
  const rows = await db.tempoDay.findMany({ where: { day: { gte: new Date(`${from}T00:00:00Z`), lt: new Date(`${to}T00:00:00Z`) } } });
  return new Map(rows.map((r) => [r.day.toISOString().slice(0, 10), r.colour]));
}

/** The source the refresh job reads: RTE at TEMPO_URL (a local fake in tests); null when unset (nothing is fetched). */
export function configuredTempoSource(url = env().TEMPO_URL): (TempoSource & { source: string }) | null {
  return url ? new RteTempoSource(url.replace(/\/+$/, "")) : null;
}

/**
 * The days a refresh asks for: from the start of the previous season (RTE's real colours then
 * replace the sample's over the last 12 months that option comparisons read) to tomorrow included
 * (RTE publishes the next day's colour around 10:40-11:00, Paris).
 */
export function tempoRefreshWindow(now = Date.now()): { from: string; to: string } {
  const today = parisDayOf(now);
  return { from: `${Number(seasonOf(today).slice(0, 4)) - 1}-09-01`, to: addDays(today, 2) };
}

export type TempoRefreshResult = { off: true } | { off: false; from: string; to: string; written: number };

/** One run of the tempo-refresh job: off without a source, otherwise the window fetched and stored (a TempoSourceError is thrown on). */
export async function runTempoRefresh(db: Db, source = configuredTempoSource(), now = Date.now()): Promise<TempoRefreshResult> {
  if (!source) return { off: true };
  const { from, to } = tempoRefreshWindow(now);
  return { off: false, from, to, written: await refreshTempo(db, source, from, to) };
}
