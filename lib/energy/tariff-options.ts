// The regulated offers' options and subscribed powers: plain constants, no zod, so that the
// browser's forms (My Energy's tariff dialog) use them without loading the validation library.
export const TARIFF_OPTIONS = ["base", "hphc", "tempo"] as const;
export type TariffOption = (typeof TARIFF_OPTIONS)[number];
/** The subscribed powers of the regulated offers (kVA). */
export const KVA_STEPS = [3, 6, 9, 12, 15, 18, 24, 30, 36] as const;
