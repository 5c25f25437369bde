// What each measurement is in the household's picture (Home's Now card, My Energy's breakdown;
// docs/telemetry.md, "Where the energy goes"). Pure.
//   grid      a total_home measurement: the clamp on the supply, positive drawn, negative sent back
//   solar     pv, or any measurement classified as production: its power counts whichever the
//             clamp's direction (|W|), its energy is the larger of its two counters
//   ev        EV charging
//   consumer  any other consumption a clamp measures (a water heater, a heat pump...)
// The rest of the home is what no clamp measures: home (grid + solar) less ev and consumers.

export type Role = "grid" | "solar" | "ev" | "consumer" | "none";

export function roleOf(m: { measureType: string; classification: string | null }): Role {
  if (m.measureType === "unused") return "none";
  if (m.measureType === "total_home") return "grid";
  if (m.measureType === "pv" || m.classification === "production") return "solar";
  if (m.measureType === "ev") return "ev";
  if (m.classification === "consumption" || m.classification === null || m.measureType === "other" || m.measureType === "calc") return "consumer";
  return "none";
}

/**
 * A household with a clamp on its supply and a Linky read through its TIC measures its grid twice:
 * the clamp counts (it has the power now; the TIC only its counters and VA), and the TIC's
 * measurement plays no part. Without a grid clamp the TIC is the grid.
 */
export function oneGridSource<T extends { role: Role; format: string }>(ms: T[]): T[] {
  const clamp = ms.some((m) => m.role === "grid" && m.format !== "teleinfo");
  return clamp ? ms.map((m) => (m.role === "grid" && m.format === "teleinfo" ? { ...m, role: "none" as const } : m)) : ms;
}

/** A measurement's power as its role counts it: solar as |W|, the others as measured. */
export const rolePower = (role: Role, w: number) => (role === "solar" ? Math.abs(w) : w);
/** A measurement's energy over a period as its role counts it (Wh): solar the larger counter, the grid its import (export apart), others their import. */
export const roleEnergy = (role: Role, importWh: number, exportWh: number) => (role === "solar" ? Math.max(importWh, exportWh) : importWh);

export type Breakdown = { grid_import_wh: number; grid_export_wh: number; solar_wh: number; ev_wh: number; consumers_wh: number; home_wh: number | null; rest_wh: number | null };

/**
 * Where the energy went in one period, from each role's totals. Without a grid clamp the home's
 * total is unknown (null), and so is the rest; the rest is never below zero (clamps that read a
 * little high are not a negative load).
 */
export function breakdownOf(t: { gridImport: number; gridExport: number; solar: number; ev: number; consumers: number; hasGrid: boolean }): Breakdown {
  const home = t.hasGrid ? t.gridImport - t.gridExport + t.solar : null;
  return {
    grid_import_wh: t.gridImport,
    grid_export_wh: t.gridExport,
    solar_wh: t.solar,
    ev_wh: t.ev,
    consumers_wh: t.consumers,
    home_wh: home,
    rest_wh: home === null ? null : Math.max(0, home - t.ev - t.consumers),
  };
}
