// EDF Tarif Bleu (regulated) price rows bundled with Foyer, € TTC, mainland France. Only figures
// found in a public source are here, each row with its source; a figure not found is left out (a
// missing grid) or null (a missing subscription), never estimated. An administrator adds and
// corrects rows in `tariffs`; these are loaded idempotently by prisma/seed.ts.
//
// What was found (searches of November 2026):
// - Grid of 1 August 2026: every kWh price (Base, HP/HC, Tempo) and the Base subscriptions at
//   3-36 kVA and HP/HC subscriptions at 3, 6 and 9 kVA (monthly € TTC × 12). NOT FOUND: HP/HC
//   subscriptions at 12-36 kVA and every Tempo subscription (null below).
// - Grid of 1 February 2026: Base kWh prices only (0.1940 at 3-6 kVA, 0.1927 at 9 kVA and more).
//   NOT FOUND: its subscriptions (null) and its HP/HC and Tempo prices: those two options have no
//   row from 1 February to 1 August 2026, and costs in that span say "no tariff".
// - Grid of 1 August 2025 (the most recent complete kWh grid found for HP/HC and Tempo before
//   2026): kWh prices of every option, kept at its own dates (to 1 February 2026). NOT FOUND:
//   its subscriptions (null).
// Powers: Base and HP/HC rows at 3-36 kVA as the August 2026 source lists them (Base is closed to
// new 18-36 kVA contracts since February 2026 but existing ones are billed); Tempo at 6, 9, 12, 15,
// 18, 30 and 36 kVA (EDF's Tempo grids list no 3 or 24 kVA).
import type { TariffOption, TariffRow, Prices } from "./tariff";

const SUPPLIER = "EDF Tarif Bleu";

const SRC_AUG2026_GRID = "https://raw.githubusercontent.com/NicolasPopy/elec-moins-chere-prix/main/data/offres.csv";
const SRC_AUG2026_BASE_HPHC_KWH = "https://github.com/FigurinePanda43/hass-tarif-edf/releases/tag/v2.4.1";
const SRC_AUG2026_TEMPO_KWH = "https://github.com/FigurinePanda43/hass-tarif-edf/releases/tag/v2.4.0";
const SRC_FEB2026_BASE =
  "https://kulturegeek.fr/news-346504/tarifs-reglementes-lelectricite-1er-fevrier-2026-legere-baisse-chez-edf-loption-tempo-degrade-nettement";
const SRC_AUG2025 = "https://www.moneyvox.fr/energie/actualites/107038/economise-28-sur-ma-facture-electricite-qui-a-interet-a-souscrire-a-cette-offre-edf";

/** Monthly subscription € TTC of the 1 August 2026 grid (offres.csv, checked there 2026-10-30). */
const AUG2026_MONTHLY: Record<number, number> = { 3: 12.13, 6: 15.86, 9: 19.88, 12: 23.76, 15: 27.4, 18: 31.14, 24: 39.14, 30: 46.47, 36: 53.88 };
/** HP/HC subscriptions of that grid: the source lists 3, 6 and 9 kVA (equal to Base's) in what we could read. */
const AUG2026_HPHC_MONTHLY: Record<number, number> = { 3: 12.13, 6: 15.86, 9: 19.88 };

const ALL_KVA = [3, 6, 9, 12, 15, 18, 24, 30, 36];
const TEMPO_KVA = [6, 9, 12, 15, 18, 30, 36];

const yearly = (monthly: number | undefined) => (monthly === undefined ? null : Math.round(monthly * 12 * 100) / 100);

function rows(option: TariffOption, kvas: number[], validFrom: string, validTo: string | null, f: (kva: number) => { prices: Prices; sub: number | null; source: string }): TariffRow[] {
  return kvas.map((kva) => {
    const { prices, sub, source } = f(kva);
    return { supplier: SUPPLIER, option, kva, subscriptionEurPerYear: sub, prices, validFrom, validTo, source };
  });
}

export const TARIFF_ROWS: TariffRow[] = [
  // 1 August 2025 → 1 February 2026
  ...rows("base", ALL_KVA, "2025-08-01", "2026-02-01", () => ({ prices: { base: 0.1952 }, sub: null, source: SRC_AUG2025 })),
  ...rows("hphc", ALL_KVA, "2025-08-01", "2026-02-01", () => ({ prices: { hp: 0.2081, hc: 0.1635 }, sub: null, source: SRC_AUG2025 })),
  ...rows("tempo", TEMPO_KVA, "2025-08-01", "2026-02-01", () => ({
    prices: { blueHc: 0.1232, blueHp: 0.1494, whiteHc: 0.1391, whiteHp: 0.173, redHc: 0.146, redHp: 0.6468 },
    sub: null,
    source: SRC_AUG2025,
  })),
  // 1 February 2026 → 1 August 2026 (Base only: see above)
  ...rows("base", ALL_KVA, "2026-02-01", "2026-08-01", (kva) => ({ prices: { base: kva <= 6 ? 0.194 : 0.1927 }, sub: null, source: SRC_FEB2026_BASE })),
  // 1 August 2026 → (in force)
  ...rows("base", ALL_KVA, "2026-08-01", null, (kva) => ({ prices: { base: kva <= 6 ? 0.2001 : 0.1985 }, sub: yearly(AUG2026_MONTHLY[kva]), source: SRC_AUG2026_GRID })),
  ...rows("hphc", ALL_KVA, "2026-08-01", null, (kva) => ({
    prices: { hp: 0.2142, hc: 0.1589 },
    sub: yearly(AUG2026_HPHC_MONTHLY[kva]),
    source: kva in AUG2026_HPHC_MONTHLY ? SRC_AUG2026_GRID : SRC_AUG2026_BASE_HPHC_KWH,
  })),
  ...rows("tempo", TEMPO_KVA, "2026-08-01", null, () => ({
    prices: { blueHc: 0.1356, blueHp: 0.1654, whiteHc: 0.1536, whiteHp: 0.1921, redHc: 0.1615, redHp: 0.7295 },
    sub: null,
    source: SRC_AUG2026_TEMPO_KWH,
  })),
];
