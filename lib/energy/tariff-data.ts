// EDF Tarif Bleu (regulated) price rows bundled with Foyer, € TTC, mainland France. Only figures
// found in a public source are here, each row with its source; a figure not found is left out (a
// missing grid) or null (a missing subscription), never estimated. An administrator adds and
// corrects rows in `tariffs`; these are loaded idempotently by prisma/seed.ts.
//
// What was found (searches of November 2026, completed by a second search the same month):
// - Grid of 1 August 2026: every kWh price (Base, HP/HC, Tempo) and the Base subscriptions at
//   3-36 kVA and HP/HC subscriptions at 3, 6 and 9 kVA (monthly € TTC × 12). NOT FOUND: HP/HC
//   subscriptions at 12-36 kVA and every Tempo subscription (null below). Not re-checked by the
//   second search: neither of its sources could be read again (offres.csv's repository has no
//   snapshot here; the stored snapshot of hass-tarif-edf stops at v2.3.2, before v2.4.x).
// - Grid of 1 February 2026:
//   - Base kWh 0.1940 at 3-6 kVA, 0.1927 at 9 kVA and more (Kulturegeek; 0.1940 also Picbleu and
//     Kelwatt). Subscriptions NOT FOUND (null).
//   - HP/HC kWh HP 0.2065, HC 0.1579: three sources agree (Selectra from the CRE deliberation of
//     14 January 2026; 1001infos after 1 February; Kelwatt). Subscriptions NOT FOUND (null).
//   - Tempo kWh and subscriptions at 6, 9, 12, 15, 18, 30, 36 kVA: ONE source only, the commit of
//     4 February 2026 in FigurinePanda43/hass-tarif-edf ("grille tarifaire EDF applicable au
//     01/02/2026"; its README carries the same table). No page read gives the figures themselves;
//     they agree with what the pages say of them: 1001infos "hausse d'environ 7 à 9 %" on every
//     kind of day (these are +7.5 % to +8.2 %, and +9.2 % red HP, against August 2025).
// - Grid of 1 August 2025 (the most recent complete kWh grid found for HP/HC and Tempo before
//   February 2026): kWh prices of every option (Moneyvox; JeChange gives the same Base, HP/HC and
//   Tempo blue HC / red HP), kept at its own dates (to 1 February 2026). Subscriptions NOT FOUND
//   (null). One figure was seen but not bundled: Tempo 9 kVA 238.06 €/year (Econostrum, citing
//   Selectra, https://econostrum.info/?p=115733); a row has one source and this one would hide
//   Moneyvox's kWh prices, so an administrator adds it with the rest of that grid's subscriptions.
// Powers: Base and HP/HC rows at 3-36 kVA as the August 2026 source lists them (Base is closed to
// new 18-36 kVA contracts since February 2026 but existing ones are billed); Tempo at 6, 9, 12, 15,
// 18, 30 and 36 kVA (EDF's Tempo grids list no 3 or 24 kVA).
//
// Still missing, so an option comparison over the last 12 months stays `cheapest: null`
// (`subscription_unknown` makes every option partial): Base and HP/HC subscriptions of the grids of
// 1 August 2025 and 1 February 2026, Tempo subscriptions of 1 August 2025 and of 1 August 2026,
// HP/HC subscriptions at 12-36 kVA of 1 August 2026. Every option now has kWh prices every day
// from 1 August 2025, so `no_tariff` no longer appears in that span.
import type { TariffOption, TariffRow, Prices } from "./tariff";

const SUPPLIER = "EDF Tarif Bleu";

const SRC_AUG2026_GRID = "https://raw.githubusercontent.com/NicolasPopy/elec-moins-chere-prix/main/data/offres.csv";
const SRC_AUG2026_BASE_HPHC_KWH = "https://github.com/FigurinePanda43/hass-tarif-edf/releases/tag/v2.4.1";
const SRC_AUG2026_TEMPO_KWH = "https://github.com/FigurinePanda43/hass-tarif-edf/releases/tag/v2.4.0";
const SRC_FEB2026_BASE =
  "https://kulturegeek.fr/news-346504/tarifs-reglementes-lelectricite-1er-fevrier-2026-legere-baisse-chez-edf-loption-tempo-degrade-nettement";
const SRC_FEB2026_HPHC = "https://selectra.info/energie/actualites/marche/nouveaux-tarifs-heures-creuses-fevrier-2026-exclusif";
// Cross-checks of SRC_FEB2026_HPHC (same figures): https://1001infos.net/high-tech/edf-augmente-les-tarifs-de-loption-tempo-les-clients-ne-payaient-plus-cher
// and https://www.kelwatt.fr/enquete/comprendre-tarifs-reglementes-edf
const SRC_FEB2026_TEMPO = "https://github.com/FigurinePanda43/hass-tarif-edf/commit/1ddbd5fdf1a5d1f422bc86d8789384fc8b76c478";
const SRC_AUG2025 = "https://www.moneyvox.fr/energie/actualites/107038/economise-28-sur-ma-facture-electricite-qui-a-interet-a-souscrire-a-cette-offre-edf";

/** Monthly subscription € TTC of the 1 August 2026 grid (offres.csv, checked there 2026-10-30). */
const AUG2026_MONTHLY: Record<number, number> = { 3: 12.13, 6: 15.86, 9: 19.88, 12: 23.76, 15: 27.4, 18: 31.14, 24: 39.14, 30: 46.47, 36: 53.88 };
/** HP/HC subscriptions of that grid: the source lists 3, 6 and 9 kVA (equal to Base's) in what we could read. */
const AUG2026_HPHC_MONTHLY: Record<number, number> = { 3: 12.13, 6: 15.86, 9: 19.88 };

/** Tempo subscriptions of the 1 February 2026 grid, € TTC per year (the source's monthly × 12). Single source. */
const FEB2026_TEMPO_YEARLY: Record<number, number> = { 6: 187.08, 9: 232.56, 12: 276.84, 15: 317.64, 18: 360.48, 30: 536.76, 36: 629.04 };

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
  // 1 February 2026 → 1 August 2026
  ...rows("base", ALL_KVA, "2026-02-01", "2026-08-01", (kva) => ({ prices: { base: kva <= 6 ? 0.194 : 0.1927 }, sub: null, source: SRC_FEB2026_BASE })),
  ...rows("hphc", ALL_KVA, "2026-02-01", "2026-08-01", () => ({ prices: { hp: 0.2065, hc: 0.1579 }, sub: null, source: SRC_FEB2026_HPHC })),
  ...rows("tempo", TEMPO_KVA, "2026-02-01", "2026-08-01", (kva) => ({
    prices: { blueHc: 0.1325, blueHp: 0.1612, whiteHc: 0.1499, whiteHp: 0.1871, redHc: 0.1575, redHp: 0.706 },
    sub: FEB2026_TEMPO_YEARLY[kva],
    source: SRC_FEB2026_TEMPO,
  })),
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
