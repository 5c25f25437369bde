// Grid carbon intensity fetched from ODRÉ (RTE éCO2mix `taux_co2`) by the carbon-refresh job and
// kept in energy.carbon_intensity, one row per half hour; the energy views read these rows first,
// then the bundled years, then the estimate (lib/energy/carbon.ts). Off unless CARBON_URL is set:
// nothing is fetched from the internet by default, and tests point it at a local fake.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { bundledGridIntensity, OdreCarbonSource, type CarbonRow, type IntensitySpan } from "@/lib/energy/carbon";
import { parisDayStart } from "@/lib/time/paris";

const HALF_HOUR = 30 * 60_000;
/** How far back a refresh reaches when nothing recent is stored: ODRÉ's real-time dataset keeps a few weeks. */
const LOOK_BACK_MS = 14 * 86_400_000;

/** What fetched rows are credited as (they are RTE's, not the bundled year's provider's). */
export const FETCHED_CREDIT = { provider: "RTE éCO2mix via ODRÉ", licence: "Licence Ouverte 2.0", credit: "Carbon intensity: RTE éCO2mix via ODRÉ (Licence Ouverte 2.0)" } as const;

/** Upserts half-hour rows (a re-fetch overwrites: éCO2mix consolidates its figures later); returns how many were written. */
export async function storeIntensity(rows: CarbonRow[], source: string): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 2000) {
    const batch = rows.slice(i, i + 2000);
    written += await db.$executeRaw`
      INSERT INTO energy.carbon_intensity (start, g_per_kwh, source)
      SELECT s, g, ${source} FROM unnest(${batch.map((r) => r.start)}::timestamptz[], ${batch.map((r) => r.gPerKwh)}::real[]) AS t(s, g)
      ON CONFLICT (start) DO UPDATE SET g_per_kwh = EXCLUDED.g_per_kwh, source = EXCLUDED.source, fetched_at = now()`;
  }
  return written;
}

/** The stored half hours of Paris days [from, to), by their start (ms); one row of two arrays on the wire. */
export async function storedIntensity(from: string, to: string): Promise<Map<number, number>> {
  const [row] = await db.$queryRaw<{ t: bigint[] | null; g: number[] | null }[]>`
    SELECT array_agg((date_part('epoch', start) * 1000)::bigint ORDER BY start) AS t, array_agg(g_per_kwh ORDER BY start) AS g
    FROM energy.carbon_intensity
    WHERE start >= ${new Date(parisDayStart(from))} AND start < ${new Date(parisDayStart(to))}`;
  const out = new Map<number, number>();
  if (row?.t && row.g) for (let i = 0; i < row.t.length; i++) out.set(Number(row.t[i]), row.g[i]);
  return out;
}

/** The source the job reads: ODRÉ at CARBON_URL (a local fake in tests); null when unset (nothing is fetched). */
export function configuredCarbonSource(url = env().CARBON_URL, dataset = env().CARBON_DATASET): OdreCarbonSource | null {
  return url ? new OdreCarbonSource({ origin: url, dataset }) : null;
}

export type CarbonRefreshResult = { off: true } | { off: false; from: string; to: string; written: number };

/**
 * One run of the carbon-refresh job: the half hours from the last one stored (at most 14 days
 * back) to now, fetched and stored. Off without a source; a CarbonSourceError is thrown on (the
 * queue retries).
 */
export async function runCarbonRefresh(source = configuredCarbonSource(), now = Date.now()): Promise<CarbonRefreshResult> {
  if (!source) return { off: true };
  const [last] = await db.$queryRaw<{ last: Date | null }[]>`SELECT max(start) AS last FROM energy.carbon_intensity`;
  const to = Math.floor(now / HALF_HOUR) * HALF_HOUR;
  // the last stored half hour again: its quarter hours may have been incomplete when it was read
  const from = Math.max(last.last ? last.last.getTime() : 0, to - LOOK_BACK_MS);
  const rows = from < to ? await source.intensity(new Date(from), new Date(to)) : [];
  return { off: false, from: new Date(from).toISOString(), to: new Date(to).toISOString(), written: await storeIntensity(rows, `odre:${source.dataset}`) };
}

/**
 * The intensities of Paris days [from, to) as the energy views read them: the stored (fetched)
 * half hours, else the bundled years, else the estimate (lib/energy/carbon.ts); null when nothing
 * is bundled (`carbon.available: false`).
 */
export async function intensityOf(from: string, to: string): Promise<IntensitySpan | null> {
  return bundledGridIntensity().span(from, to, await storedIntensity(from, to));
}

/** The reference year's facts (source, credit), null when nothing is bundled or it cannot be read. */
export const carbonReference = () => bundledGridIntensity().reference;
