// The regulated offers' options and subscribed powers: plain constants, no zod, so that the
// browser's forms (My Energy's tariff dialog) use them without loading the validation library.
export { TARIFF_OPTIONS, type TariffOption } from "@/lib/enums";
/** The subscribed powers of the regulated offers (kVA). */
export const KVA_STEPS = [3, 6, 9, 12, 15, 18, 24, 30, 36] as const;
