// "Homes like mine" (docs/community.md, "How a household compares"): which homes are similar, and
// what the household is shown of them. Opower-style: similar homes by type, heating and size, the
// best 20 % as "efficient homes"; figures normalised per m² and per occupant; nothing shown under
// MIN_GROUP similar homes (the household itself not counted), only rounded quantiles.
import type { HeatingEnergy, HousingType } from "@/lib/generated/prisma/enums";
import { MIN_GROUP, quantile, roundFigure } from "./privacy";

export type Profile = { housingType: HousingType | null; floorAreaM2: number | null; occupants: number | null; heating: HeatingEnergy | null };
export type CompleteProfile = { housingType: HousingType; floorAreaM2: number; occupants: number; heating: HeatingEnergy };

/** The French average household's yearly consumption: 4,287 kWh in 2024 (Enedis, via jechange.fr). */
export const NATIONAL_KWH_PER_YEAR = 4287;
export const NATIONAL_SOURCE = "Enedis 2024, via jechange.fr";

/** What a profile lacks for a comparison (the hot water is optional). */
export function missingOf(p: Profile | null): (keyof CompleteProfile)[] {
  const keys = ["housingType", "floorAreaM2", "occupants", "heating"] as const;
  return keys.filter((k) => p?.[k] === null || p?.[k] === undefined);
}

/** Heated by electricity (resistive or heat pump) or not: the first split of any comparison. */
export const electricHeating = (h: HeatingEnergy) => h === "electric" || h === "heat_pump";

/** Floor-area bands: under 50 m², 50-99, 100-149, 150 and more. */
export const areaBand = (m2: number) => (m2 < 50 ? 0 : m2 < 100 ? 1 : m2 < 150 ? 2 : 3);

/** The similarity levels, narrowest first: the first with MIN_GROUP homes is the group. */
export const LEVELS = ["type_heating_size", "type_heating", "heating"] as const;
export type Level = (typeof LEVELS)[number];

export function similarAt(level: Level, me: CompleteProfile, other: CompleteProfile): boolean {
  if (electricHeating(me.heating) !== electricHeating(other.heating)) return false;
  if (level === "heating") return true;
  if (me.housingType !== other.housingType) return false;
  return level === "type_heating" || areaBand(me.floorAreaM2) === areaBand(other.floorAreaM2);
}

export type Home = CompleteProfile & { kwh: number };

/** The group of similar homes (never the household itself): the narrowest level with MIN_GROUP, or null with the widest count. */
export function groupOf(me: CompleteProfile, others: Home[]): { level: Level; homes: Home[] } | { level: null; homes: Home[] } {
  for (const level of LEVELS) {
    const homes = others.filter((o) => similarAt(level, me, o));
    if (homes.length >= MIN_GROUP) return { level, homes };
  }
  return { level: null, homes: others.filter((o) => similarAt("heating", me, o)) };
}

export type GroupFigures = { medianKwhPerM2: number; efficientKwhPerM2: number; medianKwhPerOccupant: number; efficientKwhPerOccupant: number };

/**
 * The group's typical (median) and efficient (the best 20 %: the 20th percentile) kWh per m² and per
 * occupant, to two significant digits. Throws under MIN_GROUP homes: no caller can show less.
 */
export function groupFigures(homes: Home[]): GroupFigures {
  if (homes.length < MIN_GROUP) throw new RangeError(`a group of ${homes.length} homes is under ${MIN_GROUP}`);
  const perM2 = homes.map((h) => h.kwh / h.floorAreaM2).sort((a, b) => a - b);
  const perOcc = homes.map((h) => h.kwh / h.occupants).sort((a, b) => a - b);
  return {
    medianKwhPerM2: roundFigure(quantile(perM2, 0.5)),
    efficientKwhPerM2: roundFigure(quantile(perM2, 0.2)),
    medianKwhPerOccupant: roundFigure(quantile(perOcc, 0.5)),
    efficientKwhPerOccupant: roundFigure(quantile(perOcc, 0.2)),
  };
}
