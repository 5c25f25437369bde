// Vendor data in words (pure: no React, no browser): a sample's failure as a sentence, the Linky
// load curve as days and kWh, and Netatmo homes and Legrand plants as cards' contents.

type SampleVendor = "linky" | "netatmo" | "legrand";
const VENDOR_LABEL: Record<SampleVendor, string> = { linky: "Linky", netatmo: "Netatmo", legrand: "Legrand" };

const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : undefined);

/** The vendor's error code of a failed sample (`results.error`, a string or `{code}`), lower-cased. */
function errorCode(body: unknown): string | undefined {
  const error = obj(body)?.results !== undefined ? obj(obj(body)?.results)?.error : undefined;
  return (text(error) ?? text(obj(error)?.code))?.toLowerCase();
}

/**
 * What a failed sample means for a person: the known error codes in a sentence; a failure of our
 * own server (a `detail` without a vendor code) as its detail, which is already a sentence; a
 * generic sentence otherwise. `kind` tells a Linky production from a consumption.
 */
export function sampleErrorText(body: unknown, vendor: SampleVendor, kind?: "consumption" | "production"): string {
  const name = VENDOR_LABEL[vendor];
  const code = errorCode(body);
  if (code === "no_data_found" || code === "no_data" || (vendor === "linky" && code === "404")) {
    return kind === "production" ? "This meter reports no production: no solar panels?" : "This meter reports no consumption for these days yet.";
  }
  if (code === "needs_relink") return `The ${name} account must be linked again: the vendor no longer accepts Foyer's access. Use Link again on Your Integrations.`;
  if (code === "adam-err0123") return "These days are before the meter was put into service: it has no readings for them.";
  if (code === "adam-err0125" || code === "invalid_range" || code === "adam-err0002") return "The period asked is not one the meter can answer: at most 7 days, ending before today.";
  if (code === "invalid_token" || code === "401" || code === "900901") return `The ${name} service refused Foyer's access. Linking the account again usually fixes it.`;
  if (code === "403") return "The grid operator says your consent for this meter has ended: link Linky again to grant it.";
  if (code === "429" || code === "http_429" || code === "rate_limited") return `The ${name} service is busy right now (too many requests). Please try again in a minute.`;
  if (code === "timeout" || code === "unreachable" || (code && /^(http_)?5\d\d$/.test(code))) return `The ${name} service could not be reached. Please try again later.`;
  if (code === "invalid_response") return `The ${name} service sent an answer Foyer cannot read. Please try again later.`;
  const detail = text(obj(body)?.detail);
  if (detail && code === undefined) return /[.!?]$/.test(detail) ? detail : `${detail}.`;
  return `The ${name} service answered with an error. Please try again later.`;
}

// --- Linky load curve ---

type Reading = { value: string | number; date: string; interval_length?: string | null };

/** An interval's length in minutes ('PT30M' → 30, 'PT1H' → 60); 30 when missing or unreadable. */
export function intervalMinutes(v: string | null | undefined): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(v ?? "");
  const minutes = m ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : 0;
  return minutes > 0 ? minutes : 30;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/;

/**
 * The local day a reading belongs to (`YYYY-MM-DD`). Enedis stamps a reading at the END of its
 * interval, so '2026-11-18 00:00:00' closes the 17th's last half hour. Wall-clock arithmetic
 * only: no time zone is involved.
 */
export function readingDay(date: string, minutes = 30): string {
  const m = DATE_TIME.exec(date);
  if (!m) return date.slice(0, 10);
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)) - minutes * 60_000;
  return new Date(start).toISOString().slice(0, 10);
}

/** 'HH:mm' of a reading's start and end ('23:30' → '00:00' for the day's last half hour). */
export function readingSpan(date: string, minutes = 30): { from: string; to: string } {
  const m = DATE_TIME.exec(date);
  if (!m || m[4] === undefined) return { from: "", to: date };
  const end = Date.UTC(2000, 0, 1, Number(m[4]), Number(m[5]));
  const hm = (t: number) => new Date(t).toISOString().slice(11, 16);
  return { from: hm(end - minutes * 60_000), to: hm(end) };
}

export type ReadingDay<R> = { day: string; readings: R[]; kwh: number };

/**
 * The readings grouped by day, in the order they came, with each day's energy: the intervals'
 * average powers (W) times their length (h), in kWh. Unreadable values count as 0.
 */
export function readingsByDay<R extends Reading>(rows: R[]): ReadingDay<R>[] {
  const days: ReadingDay<R>[] = [];
  const at = new Map<string, ReadingDay<R>>();
  for (const r of rows) {
    const minutes = intervalMinutes(r.interval_length);
    const day = readingDay(r.date, minutes);
    let d = at.get(day);
    if (!d) {
      d = { day, readings: [], kwh: 0 };
      at.set(day, d);
      days.push(d);
    }
    d.readings.push(r);
    const w = Number(r.value);
    if (Number.isFinite(w)) d.kwh += (w * minutes) / 60 / 1000;
  }
  return days;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2026-11-17' → { weekday: 'Tue', date: '17 Nov 2026' } (the day as written, no time zone). */
export function dayParts(day: string): { weekday: string; date: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return { weekday: "", date: day };
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return { weekday: WEEKDAYS[d.getUTCDay()], date: `${m[3]} ${MONTHS[d.getUTCMonth()]} ${m[1]}` };
}

// --- Netatmo homes and Legrand plants ---

type ModuleCard = { id: string; name: string; kind: string; room?: string };
type RoomCard = { id: string; name: string; kind?: string; modules: string[] };
export type PlaceCard = { id: string; name: string; where: string[]; rooms: RoomCard[]; modules: ModuleCard[] };

/** Netatmo's and Legrand's module types (Netatmo's /homesdata documentation), in words. */
const MODULE_KINDS: Record<string, string> = {
  NAPlug: "Relay",
  NATherm1: "Smart thermostat",
  NRV: "Smart radiator valve",
  OTH: "OpenTherm relay",
  OTM: "OpenTherm thermostat",
  BNS: "Smarther thermostat",
  NACamera: "Indoor camera",
  NOC: "Outdoor camera",
  NSD: "Smoke detector",
  NCO: "Carbon monoxide detector",
  NIS: "Indoor siren",
  NACamDoorTag: "Door and window sensor",
  NAMain: "Weather station",
  NAModule1: "Outdoor module",
  NAModule2: "Wind gauge",
  NAModule3: "Rain gauge",
  NAModule4: "Indoor module",
  NHC: "Healthy home coach",
  NLG: "Home + Control gateway",
  NLP: "Smart plug",
  NLPM: "Mobile smart plug",
  NLPT: "Cable outlet",
  NLF: "Light switch",
  NLFN: "Dimmer switch",
  NLV: "Roller shutter switch",
  NLL: "Light switch",
  NLT: "Remote control",
  NLE: "Energy meter",
  NLPC: "Energy meter",
};

/** 'livingroom' → 'Living room', 'dining_room' → 'Dining room'. */
const ROOM_KINDS: Record<string, string> = { livingroom: "Living room", bedroom: "Bedroom", kitchen: "Kitchen", bathroom: "Bathroom", toilets: "Toilets", corridor: "Corridor", garage: "Garage", office: "Office", home_office: "Office" };
const words = (s: string) => {
  const t = s.replace(/[_-]+/g, " ").trim().toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

let regions: Intl.DisplayNames | null | undefined;
/** 'FR' → 'France' (the browser's own names), or the code as it came. */
function countryName(code: string): string {
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      regions = null;
    }
  }
  try {
    return regions?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(obj).filter((x): x is Record<string, unknown> => !!x) : []);

function placeCard(p: Record<string, unknown>, i: number, fallbackName: string): PlaceCard {
  const id = text(p.id) ?? String(i);
  // Netatmo lists rooms (with module_ids) and modules side by side; a topology nests modules in rooms
  const rooms = list(p.rooms).map((r, j) => {
    const type = text(r.type);
    const kind = type ? (ROOM_KINDS[type] ?? words(type)) : undefined;
    const ids = [...(Array.isArray(r.module_ids) ? r.module_ids.map(text) : []), ...list(r.modules).map((m) => text(m.id))];
    return { id: text(r.id) ?? `room-${j}`, name: text(r.name) ?? kind ?? "Room", kind, moduleIds: [...new Set(ids.filter((x): x is string => !!x))] };
  });
  const roomOf = new Map(rooms.flatMap((r) => r.moduleIds.map((m) => [m, r.name] as const)));
  const modules: ModuleCard[] = [];
  for (const [j, m] of [...list(p.modules), ...list(p.rooms).flatMap((r) => list(r.modules))].entries()) {
    const mid = text(m.id) ?? `module-${j}`;
    if (modules.some((x) => x.id === mid)) continue;
    const type = text(m.type);
    const kind = (type && MODULE_KINDS[type]) || (type ? `Module ${type}` : "Module");
    const room = rooms.find((r) => r.id === text(m.room_id))?.name ?? roomOf.get(mid);
    modules.push({ id: mid, name: text(m.name) ?? kind, kind, ...(room ? { room } : {}) });
  }
  const nameOf = (mid: string) => modules.find((m) => m.id === mid)?.name ?? mid;
  const where = [text(p.country) && countryName(text(p.country)!), text(p.timezone)].filter((x): x is string => !!x);
  return {
    id,
    name: text(p.name) ?? `${fallbackName} ${i + 1}`,
    where,
    rooms: rooms.map((r) => ({ id: r.id, name: r.name, ...(r.kind && r.kind !== r.name ? { kind: r.kind } : {}), modules: r.moduleIds.map(nameOf) })),
    modules,
  };
}

/** Netatmo's /homesdata body (`{homes, user}`), as home cards. */
export const netatmoHomeCards = (results: unknown): PlaceCard[] => list(obj(results)?.homes).map((h, i) => placeCard(h, i, "Home"));

/** Legrand's plants (an array, or `{plants}`), as cards; rooms and modules when the answer has them. */
export const legrandPlantCards = (results: unknown): PlaceCard[] => list(Array.isArray(results) ? results : obj(results)?.plants).map((p, i) => placeCard(p, i, "Plant"));
