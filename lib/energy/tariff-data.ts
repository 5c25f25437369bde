// EDF Tarif Bleu (regulated) price rows bundled with Foyer, € TTC, mainland France. Only figures
// found in a public source are here, each row with its source; a figure not found is null (a
// missing subscription), never estimated. An administrator adds and corrects rows in `tariffs`;
// these are loaded idempotently by prisma/seed.ts.
//
// Subscriptions are EDF's grid (« Grille de prix Tarif Bleu », monthly € TTC) × 12, as the grid
// of 1 August 2026 already was. The CRE's open data (data.gouv « Historique des TRVE »,
// Option_Base.csv / Option_Tempo.csv, PART_FIXE_TTC in €/year) gives figures about 0.2 % to 1.1 %
// higher than EDF's monthly × 12 at every power and grid where both were read; they are quoted
// under each grid below, not bundled, so the three options of one grid come from one method. The CRE files
// read were copies in public repositories (no copy of the HP/HC file was found; the Base file
// lists 3-15 kVA only): martinhsn/IA-verte Option_Base.csv (SRC_CRE_BASE) and GladysAssistant/Gladys
// tempo_pricing.csv (SRC_CRE_TEMPO, a copy of Option_Tempo.csv).
//
// - 1 February 2025 (new): everything from EDF's grid as JC144/EDF_Simulateur_Prix committed it the
//   day it took effect. Cross-checks: Base kWh 0.2016 = CRE; Tempo kWh = CRE except blue HC (CRE
//   0.1287, EDF 0.1288); Tempo 9 kVA 17.45 €/month = 209.40 €/year, the figure Econostrum/Selectra
//   give as the price before 1 August 2025. HP/HC kWh (0.2146 / 0.1696) and subscriptions: that
//   source only. CRE €/year: Base 3-15 kVA 125.34, 165.17, 208.55, 252.53, 292.98; Tempo 6-36 kVA
//   168.87, 211.16, 254.09, 293.31, 332.65, 499.98, 587.99.
// - 1 August 2025: kWh as before (Moneyvox, JeChange; = CRE for Base and Tempo); subscriptions of all
//   options added, from MyElectricalData's seed of that grid (SRC_AUG2025), identical to JC144's
//   commit of 1 August 2025 (whose Base kWh was left at 0.2016 by mistake; not used). CRE €/year: Base
//   3-15 kVA 141.00, 185.94, 233.70, 281.46, 326.40; Tempo 6-36 kVA 186.46, 235.12, 282.34, 325.70,
//   371.17, 559.41, 658.78. Econostrum (citing Selectra) gave Tempo 9 kVA 238.06 €/year, a third
//   figure (EDF grid 233.88, CRE 235.12): not used.
// - 1 February 2026: Base and HP/HC subscriptions added from JC144's commit of 1 February 2026, whose
//   kWh prices agree with the sources already cited (Base 0.1940 at 3-6 kVA, 0.1927 above:
//   Kulturegeek, Picbleu, Kelwatt, CRE 0.19398 / 0.19266; HP/HC 0.2065 / 0.1579: Selectra,
//   1001infos, Kelwatt). That grid gives HP/HC the same subscription as Base at every power (as the
//   August 2026 source does at 3-9 kVA). CRE €/year: Base 6 kVA 188.2, 9 kVA 235.9 (EDF 187.80,
//   234.72). Tempo (kWh and subscriptions): FigurinePanda43/hass-tarif-edf, now confirmed figure for
//   figure by JC144's commit (both say they copy EDF's grid).
// - 1 August 2026 (in force): unchanged. Every kWh price (hass-tarif-edf v2.4.x), Base subscriptions
//   at 3-36 kVA and HP/HC at 3, 6 and 9 kVA (offres.csv, monthly × 12).
//
// STILL MISSING (null): HP/HC subscriptions at 12-36 kVA and every Tempo subscription of the grid of
// 1 August 2026 (no source read gives them; not derived from Base's even though the February 2026
// grid had HP/HC = Base), and HP/HC at 3 kVA in the grids of 2025 and February 2026 (EDF's grid
// lists HP/HC from 6 kVA). So over any span reaching past 1 August 2026, Tempo (and HP/HC above
// 9 kVA) is priced partially (`subscription_unknown`) and `cheapest` is null whenever it would win.
//
// Powers: Base and HP/HC rows at 3-36 kVA (Base is closed to new 18-36 kVA contracts since February
// 2026 but existing ones are billed); Tempo at 6, 9, 12, 15, 18, 30 and 36 kVA (EDF's Tempo grids
// list no 3 or 24 kVA).
import type { TariffOption, TariffRow, Prices } from "./tariff";

const SUPPLIER = "EDF Tarif Bleu";

const SRC_FEB2025 = "https://github.com/JC144/EDF_Simulateur_Prix/blob/51866da50ad35460f8a00b39f85ef422bd31cec1/scripts/tarifs/edf/bleu.js";
const SRC_AUG2025 = "https://github.com/MyElectricalData/myelectricaldata_new/blob/d43ea7e6837818586d156c3bb9bfc2cba280ba01/apps/api/scripts/seed_edf_full_offers.py";
// Cross-checks of SRC_AUG2025: subscriptions https://github.com/JC144/EDF_Simulateur_Prix/blob/d831ab773014c2c434c91088f21a46b8dd52027e/scripts/tarifs/edf/bleu.js
// kWh https://www.moneyvox.fr/energie/actualites/107038/economise-28-sur-ma-facture-electricite-qui-a-interet-a-souscrire-a-cette-offre-edf
const SRC_FEB2026_GRID = "https://github.com/JC144/EDF_Simulateur_Prix/blob/f7f4919c7b30a307b0ffd78130118dea9d8ff9a5/scripts/tarifs/edf/bleu.js";
// Cross-checks of SRC_FEB2026_GRID's kWh prices:
// Base https://kulturegeek.fr/news-346504/tarifs-reglementes-lelectricite-1er-fevrier-2026-legere-baisse-chez-edf-loption-tempo-degrade-nettement
// HP/HC https://selectra.info/energie/actualites/marche/nouveaux-tarifs-heures-creuses-fevrier-2026-exclusif
// and https://1001infos.net/high-tech/edf-augmente-les-tarifs-de-loption-tempo-les-clients-ne-payaient-plus-cher
const SRC_FEB2026_TEMPO = "https://github.com/FigurinePanda43/hass-tarif-edf/commit/1ddbd5fdf1a5d1f422bc86d8789384fc8b76c478";
const SRC_AUG2026_GRID = "https://raw.githubusercontent.com/NicolasPopy/elec-moins-chere-prix/main/data/offres.csv";
const SRC_AUG2026_BASE_HPHC_KWH = "https://github.com/FigurinePanda43/hass-tarif-edf/releases/tag/v2.4.1";
const SRC_AUG2026_TEMPO_KWH = "https://github.com/FigurinePanda43/hass-tarif-edf/releases/tag/v2.4.0";
// CRE open-data copies quoted in the header (not bundled):
// SRC_CRE_BASE https://github.com/martinhsn/IA-verte/blob/4c1a4ad4d3eb96b3cec1f0c650dc89160e075ae8/Option_Base.csv
// SRC_CRE_TEMPO https://github.com/GladysAssistant/Gladys/blob/7597b771c09ac51d47fc67a35828e8fcaf53eba2/server/test/services/energy-monitoring/data/tempo_pricing.csv

/** Monthly subscriptions € TTC of each grid, by power (EDF's grid, as each source lists it). */
const FEB2025_BASE_MONTHLY: Record<number, number> = { 3: 10.41, 6: 13.72, 9: 17.27, 12: 20.86, 15: 24.2, 18: 27.39, 24: 34.68, 30: 41.99, 36: 48.39 };
const FEB2025_HPHC_MONTHLY: Record<number, number> = { 6: 14.04, 9: 18.01, 12: 21.69, 15: 25.16, 18: 28.74, 24: 36.23, 30: 41.96, 36: 48.72 };
const FEB2025_TEMPO_MONTHLY: Record<number, number> = { 6: 13.97, 9: 17.45, 12: 20.96, 15: 24.23, 18: 27.5, 30: 41.27, 36: 48.45 };
const AUG2025_BASE_MONTHLY: Record<number, number> = { 3: 11.73, 6: 15.47, 9: 19.39, 12: 23.32, 15: 27.06, 18: 30.76, 24: 38.79, 30: 46.44, 36: 54.29 };
const AUG2025_HPHC_MONTHLY: Record<number, number> = { 6: 15.74, 9: 19.81, 12: 23.76, 15: 27.49, 18: 31.34, 24: 39.47, 30: 47.02, 36: 54.61 };
const AUG2025_TEMPO_MONTHLY: Record<number, number> = { 6: 15.5, 9: 19.49, 12: 23.38, 15: 27.01, 18: 30.79, 30: 46.31, 36: 54.43 };
/** Base and HP/HC share one subscription list in the grid of 1 February 2026 (HP/HC from 6 kVA). */
const FEB2026_BASE_MONTHLY: Record<number, number> = { 3: 12.03, 6: 15.65, 9: 19.56, 12: 23.32, 15: 26.84, 18: 30.49, 24: 38.24, 30: 45.37, 36: 52.54 };
const FEB2026_HPHC_MONTHLY: Record<number, number> = { 6: 15.65, 9: 19.56, 12: 23.32, 15: 26.84, 18: 30.49, 24: 38.24, 30: 45.37, 36: 52.54 };
const FEB2026_TEMPO_MONTHLY: Record<number, number> = { 6: 15.59, 9: 19.38, 12: 23.07, 15: 26.47, 18: 30.04, 30: 44.73, 36: 52.42 };
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
  // 1 February 2025 → 1 August 2025
  ...rows("base", ALL_KVA, "2025-02-01", "2025-08-01", (kva) => ({ prices: { base: 0.2016 }, sub: yearly(FEB2025_BASE_MONTHLY[kva]), source: SRC_FEB2025 })),
  ...rows("hphc", ALL_KVA, "2025-02-01", "2025-08-01", (kva) => ({ prices: { hp: 0.2146, hc: 0.1696 }, sub: yearly(FEB2025_HPHC_MONTHLY[kva]), source: SRC_FEB2025 })),
  ...rows("tempo", TEMPO_KVA, "2025-02-01", "2025-08-01", (kva) => ({
    prices: { blueHc: 0.1288, blueHp: 0.1552, whiteHc: 0.1447, whiteHp: 0.1792, redHc: 0.1518, redHp: 0.6586 },
    sub: yearly(FEB2025_TEMPO_MONTHLY[kva]),
    source: SRC_FEB2025,
  })),
  // 1 August 2025 → 1 February 2026
  ...rows("base", ALL_KVA, "2025-08-01", "2026-02-01", (kva) => ({ prices: { base: 0.1952 }, sub: yearly(AUG2025_BASE_MONTHLY[kva]), source: SRC_AUG2025 })),
  ...rows("hphc", ALL_KVA, "2025-08-01", "2026-02-01", (kva) => ({ prices: { hp: 0.2081, hc: 0.1635 }, sub: yearly(AUG2025_HPHC_MONTHLY[kva]), source: SRC_AUG2025 })),
  ...rows("tempo", TEMPO_KVA, "2025-08-01", "2026-02-01", (kva) => ({
    prices: { blueHc: 0.1232, blueHp: 0.1494, whiteHc: 0.1391, whiteHp: 0.173, redHc: 0.146, redHp: 0.6468 },
    sub: yearly(AUG2025_TEMPO_MONTHLY[kva]),
    source: SRC_AUG2025,
  })),
  // 1 February 2026 → 1 August 2026
  ...rows("base", ALL_KVA, "2026-02-01", "2026-08-01", (kva) => ({ prices: { base: kva <= 6 ? 0.194 : 0.1927 }, sub: yearly(FEB2026_BASE_MONTHLY[kva]), source: SRC_FEB2026_GRID })),
  ...rows("hphc", ALL_KVA, "2026-02-01", "2026-08-01", (kva) => ({ prices: { hp: 0.2065, hc: 0.1579 }, sub: yearly(FEB2026_HPHC_MONTHLY[kva]), source: SRC_FEB2026_GRID })),
  ...rows("tempo", TEMPO_KVA, "2026-02-01", "2026-08-01", (kva) => ({
    prices: { blueHc: 0.1325, blueHp: 0.1612, whiteHc: 0.1499, whiteHp: 0.1871, redHc: 0.1575, redHp: 0.706 },
    sub: yearly(FEB2026_TEMPO_MONTHLY[kva]),
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
