// The monthly coefficient file of the dynamic simple key (docs/community.md, "The coefficient
// file"): one line per consumer's usage point (PRM) with its share of the month's production, in
// percent with up to 4 decimals, the shares adding up to exactly 100. Semicolon-separated, as
// Enedis' CSV files are; the month's first and last days in ISO form.
import { addDays, addMonths } from "@/lib/time/paris";

export const COEFFICIENT_HEADER = "prm;date_debut;date_fin;coefficient_pct";

/**
 * Rounds shares to 4 decimals keeping their sum at exactly 100 (the largest remainders get the
 * rounding), then writes the file.
 */
export function coefficientsCsv(month: string, shares: { usagePointId: string; percent: number }[]): string {
  const total = shares.reduce((s, x) => s + x.percent, 0);
  const units = shares.map((s) => (s.percent / total) * 1_000_000);
  const floors = units.map(Math.floor);
  let left = 1_000_000 - floors.reduce((s, x) => s + x, 0);
  const order = units.map((u, i) => [u - floors[i], i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i]++;
    left--;
  }
  const last = addDays(addMonths(month, 1), -1);
  const lines = shares
    .map((s, i) => ({ prm: s.usagePointId, pct: (floors[i] / 10_000).toFixed(4) }))
    .sort((a, b) => (a.prm < b.prm ? -1 : 1))
    .map((s) => `${s.prm};${month};${last};${s.pct}`);
  return [COEFFICIENT_HEADER, ...lines].join("\r\n") + "\r\n";
}
