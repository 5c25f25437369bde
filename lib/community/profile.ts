// A home's profile (docs/community.md, "How a household compares"): the answers each field takes
// and the ranges of the numbers. No zod here: My Account's form imports these without loading the
// validation code; lib/validation/community.ts builds the API's schema from them.

export const HOUSING_TYPES = ["apartment", "house"] as const;
export const HEATING_ENERGIES = ["electric", "heat_pump", "gas", "fuel", "wood", "district", "other"] as const;
export const HOT_WATER_ENERGIES = ["electric", "heat_pump", "gas", "solar", "other"] as const;

/** Floor area in whole m², and occupants, both inclusive. */
export const FLOOR_AREA_M2 = { min: 9, max: 1000 } as const;
export const OCCUPANTS = { min: 1, max: 20 } as const;

/** Whether `n` is a whole number within `range` (what the schema accepts). */
export const inRange = (n: number, range: { min: number; max: number }) => Number.isInteger(n) && n >= range.min && n <= range.max;
