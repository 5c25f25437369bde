// Tempo day colours behind one interface: the bundled colours (RTE's published calendar as cached
// in public repositories, see data/tempo-sample.json) and RTE's public endpoint (no key), which a job may call to refresh
// `tempo_days`. Nothing here runs at request time; tests talk to a local fake of RTE.
import { addDays, isDay } from "@/lib/time/paris";
import type { TempoColour } from "./tariff";
import sample from "./data/tempo-sample.json";

export type TempoDayColour = { day: string; colour: TempoColour };

export interface TempoSource {
  /** the colours known for local days `from` (inclusive) to `to` (exclusive), oldest first; days without a colour are left out */
  colours(from: string, to: string): Promise<TempoDayColour[]>;
}

/** The Tempo season (1 September to 31 August) a day belongs to: `2025-2026`. */
export function seasonOf(day: string): string {
  const y = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 9 ? `${y}-${y + 1}` : `${y - 1}-${y}`;
}

/** The seasons days [from, to) touch, oldest first. */
function seasonsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; ) {
    const s = seasonOf(d);
    out.push(s);
    d = `${s.slice(5)}-09-01`;
  }
  return out;
}

type Sample = { source: string; seasons: Record<string, { red: string[]; white: string[]; knownThrough?: string }> };

/** The last day the bundled colours cover (a season still running is known through its `knownThrough`). */
export function bundledTempoThrough(): string {
  const seasons = (sample as Sample).seasons;
  const last = Object.keys(seasons).sort().at(-1)!;
  return seasons[last].knownThrough ?? `${last.slice(5)}-08-31`;
}

/**
 * The bundled colours: RTE's published calendar as cached in public repositories (the file's
 * `note` names each copy), whole seasons and the running one up to its `knownThrough`.
 */
export class BundledTempoSource implements TempoSource {
  readonly source = "sample";
  async colours(from: string, to: string): Promise<TempoDayColour[]> {
    const seasons = (sample as Sample).seasons;
    const out: TempoDayColour[] = [];
    for (let d = from; d < to; d = addDays(d, 1)) {
      const s = seasons[seasonOf(d)];
      if (!s || (s.knownThrough && d > s.knownThrough)) continue;
      out.push({ day: d, colour: s.red.includes(d) ? "red" : s.white.includes(d) ? "white" : "blue" });
    }
    return out;
  }
}

export class TempoSourceError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = "TempoSourceError";
  }
}

const RTE_COLOURS: Record<string, TempoColour> = { BLUE: "blue", WHITE: "white", RED: "red" };

/**
 * RTE's public Tempo calendar, one call per season:
 * `GET {origin}/cms/open_data/v1/tempo?season=2025-2026` → `{"values": {"2025-09-01": "BLUE", ...}}`
 * (the endpoint behind RTE's "calendrier des offres de fourniture de type Tempo" page; no key).
 * Keys that are not days (RTE also sends `…-fallback` flags) and unknown colours are skipped.
 */
export class RteTempoSource implements TempoSource {
  readonly source = "rte";
  constructor(
    private readonly origin = "https://www.services-rte.com",
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 15_000,
  ) {}

  async colours(from: string, to: string): Promise<TempoDayColour[]> {
    const out: TempoDayColour[] = [];
    for (const season of seasonsBetween(from, to)) {
      for (const [day, colour] of Object.entries(await this.season(season))) if (day >= from && day < to) out.push({ day, colour });
    }
    return out.sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  private async season(season: string): Promise<Record<string, TempoColour>> {
    const url = `${this.origin}/cms/open_data/v1/tempo?season=${encodeURIComponent(season)}`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new TempoSourceError(`RTE Tempo unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!res.ok) throw new TempoSourceError(`RTE Tempo answered ${res.status}`, res.status);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new TempoSourceError("RTE Tempo answered something that is not JSON", res.status);
    }
    const values = (body as { values?: unknown })?.values;
    if (!values || typeof values !== "object") throw new TempoSourceError("RTE Tempo answer has no `values`", res.status);
    const out: Record<string, TempoColour> = {};
    for (const [k, v] of Object.entries(values as Record<string, unknown>)) {
      const colour = typeof v === "string" ? RTE_COLOURS[v] : undefined;
      if (isDay(k) && colour) out[k] = colour;
    }
    return out;
  }
}
