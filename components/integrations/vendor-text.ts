// Vendor data in words (pure: no React, no browser): a sample's failure as a sentence, the Linky
// load curve as days and kWh, and Netatmo homes and Legrand plants as cards' contents. The words
// come from the catalog's "integrations.vendor" messages: the caller hands its translator in
// (useTranslations("integrations.vendor") in a component, createTranslator in a test).
import type { useTranslations } from "use-intl";
import { dayText } from "@/components/ui/dates";
import type { Locale } from "@/lib/shared/locale.mjs";

/** The translator of the catalog's "integrations.vendor" messages. */
export type VendorT = ReturnType<typeof useTranslations<"integrations.vendor">>;

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
 * own server (a `detail` without a vendor code) as its detail, which is already a sentence (the
 * API's, in English); a generic sentence otherwise. `kind` tells a Linky production from a consumption.
 */
export function sampleErrorText(t: VendorT, body: unknown, vendor: SampleVendor, kind?: "consumption" | "production"): string {
  const name = VENDOR_LABEL[vendor];
  const code = errorCode(body);
  if (code === "no_data_found" || code === "no_data" || (vendor === "linky" && code === "404")) {
    return kind === "production" ? t("errors.noProduction") : t("errors.noConsumption");
  }
  if (code === "needs_relink") return t("errors.needsRelink", { name });
  if (code === "adam-err0123") return t("errors.beforeService");
  if (code === "adam-err0125" || code === "invalid_range" || code === "adam-err0002") return t("errors.badRange");
  if (code === "invalid_token" || code === "401" || code === "900901") return t("errors.refused", { name });
  if (code === "403") return t("errors.consentEnded");
  if (code === "429" || code === "http_429" || code === "rate_limited") return t("errors.busy", { name });
  if (code === "timeout" || code === "unreachable" || (code && /^(http_)?5\d\d$/.test(code))) return t("errors.unreachable", { name });
  if (code === "invalid_response") return t("errors.unreadable", { name });
  const detail = text(obj(body)?.detail);
  if (detail && code === undefined) return /[.!?]$/.test(detail) ? detail : `${detail}.`;
  return t("errors.generic", { name });
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

const WEEKDAYS: Record<Locale, string[]> = {
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  fr: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
};

/** '2026-11-17' → { weekday: 'Tue', date: '17 Nov 2026' } ('mar.', '17 nov. 2026' in French): the day as written, no time zone. */
export function dayParts(day: string, locale: Locale = "en"): { weekday: string; date: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return { weekday: "", date: day };
  // that day's noon on the reader's clock, which dayText writes
  const d = new Date(2000, Number(m[2]) - 1, Number(m[3]), 12);
  d.setFullYear(Number(m[1]));
  return { weekday: WEEKDAYS[locale][d.getDay()], date: dayText(d, locale) };
}

// --- Netatmo homes and Legrand plants ---

type ModuleCard = { id: string; name: string; kind: string; room?: string };
type RoomCard = { id: string; name: string; kind?: string; modules: string[] };
export type PlaceCard = { id: string; name: string; where: string[]; rooms: RoomCard[]; modules: ModuleCard[] };

/** Netatmo's and Legrand's module types (Netatmo's /homesdata documentation), in words in the catalog (places.moduleKinds). */
const MODULE_TYPES = new Set(["NAPlug", "NATherm1", "NRV", "OTH", "OTM", "BNS", "NACamera", "NOC", "NSD", "NCO", "NIS", "NACamDoorTag", "NAMain", "NAModule1", "NAModule2", "NAModule3", "NAModule4", "NHC", "NLG", "NLP", "NLPM", "NLPT", "NLF", "NLFN", "NLV", "NLL", "NLT", "NLE", "NLPC"]);
type ModuleKey = Parameters<VendorT>[0] & `places.moduleKinds.${string}`;

/** The room types with a name in the catalog (places.roomKinds: 'livingroom' → 'Living room'); others as words ('dining_room' → 'Dining room'). */
const ROOM_TYPES = new Set(["livingroom", "bedroom", "kitchen", "bathroom", "toilets", "corridor", "garage", "office", "home_office"]);
type RoomKey = Parameters<VendorT>[0] & `places.roomKinds.${string}`;

const words = (s: string) => {
  const t = s.replace(/[_-]+/g, " ").trim().toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

const regions: Partial<Record<Locale, Intl.DisplayNames | null>> = {};
/** 'FR' → 'France' (the browser's own names, in the reader's language), or the code as it came. */
function countryName(code: string, locale: Locale): string {
  if (regions[locale] === undefined) {
    try {
      regions[locale] = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      regions[locale] = null;
    }
  }
  try {
    return regions[locale]?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(obj).filter((x): x is Record<string, unknown> => !!x) : []);

function placeCard(p: Record<string, unknown>, i: number, fallbackName: (n: string) => string, { t, locale }: PlaceWords): PlaceCard {
  const id = text(p.id) ?? String(i);
  // Netatmo lists rooms (with module_ids) and modules side by side; a topology nests modules in rooms
  const rooms = list(p.rooms).map((r, j) => {
    const type = text(r.type);
    const kind = type ? (ROOM_TYPES.has(type) ? t(`places.roomKinds.${type}` as RoomKey) : words(type)) : undefined;
    const ids = [...(Array.isArray(r.module_ids) ? r.module_ids.map(text) : []), ...list(r.modules).map((m) => text(m.id))];
    return { id: text(r.id) ?? `room-${j}`, name: text(r.name) ?? kind ?? t("places.room"), kind, moduleIds: [...new Set(ids.filter((x): x is string => !!x))] };
  });
  const roomOf = new Map(rooms.flatMap((r) => r.moduleIds.map((m) => [m, r.name] as const)));
  const modules: ModuleCard[] = [];
  for (const [j, m] of [...list(p.modules), ...list(p.rooms).flatMap((r) => list(r.modules))].entries()) {
    const mid = text(m.id) ?? `module-${j}`;
    if (modules.some((x) => x.id === mid)) continue;
    const type = text(m.type);
    const kind = type && MODULE_TYPES.has(type) ? t(`places.moduleKinds.${type}` as ModuleKey) : type ? t("places.moduleOfType", { type }) : t("places.module");
    const room = rooms.find((r) => r.id === text(m.room_id))?.name ?? roomOf.get(mid);
    modules.push({ id: mid, name: text(m.name) ?? kind, kind, ...(room ? { room } : {}) });
  }
  const nameOf = (mid: string) => modules.find((m) => m.id === mid)?.name ?? mid;
  const where = [text(p.country) && countryName(text(p.country)!, locale), text(p.timezone)].filter((x): x is string => !!x);
  return {
    id,
    name: text(p.name) ?? fallbackName(String(i + 1)),
    where,
    rooms: rooms.map((r) => ({ id: r.id, name: r.name, ...(r.kind && r.kind !== r.name ? { kind: r.kind } : {}), modules: r.moduleIds.map(nameOf) })),
    modules,
  };
}

/** What the cards are written with: the "integrations.vendor" translator, and the reader's language for country names. */
export type PlaceWords = { t: VendorT; locale: Locale };

/** Netatmo's /homesdata body (`{homes, user}`), as home cards. */
export const netatmoHomeCards = (results: unknown, w: PlaceWords): PlaceCard[] =>
  list(obj(results)?.homes).map((h, i) => placeCard(h, i, (n) => w.t("places.home", { n }), w));

/** Legrand's plants (an array, or `{plants}`), as cards; rooms and modules when the answer has them. */
export const legrandPlantCards = (results: unknown, w: PlaceWords): PlaceCard[] =>
  list(Array.isArray(results) ? results : obj(results)?.plants).map((p, i) => placeCard(p, i, (n) => w.t("places.plant", { n }), w));
