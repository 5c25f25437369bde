// The community screen's other tables as CSV, built in the browser from what the screen shows (no
// request): the surplus heatmap, the flexible power by hour, the key simulation and an Enedis
// import's reconciliation. The same dialect as the API's files (lib/community/csv.ts): `,`, decimal
// point, CRLF, kWh with 3 decimals, text made safe for spreadsheets.
import { CSV_EOL, CSV_SEPARATOR, csvNumber, csvText } from "@/lib/energy/export/csv";
import type { FlexByHourView, ReconciliationView, SimulationView, SummaryView } from "@/lib/serializers/community";

/** A file to save: its name and its text. */
export type CsvFile = { name: string; text: string };

const sep = CSV_SEPARATOR.en;
const line = (cells: readonly string[]) => cells.join(sep) + CSV_EOL;
const kwh = (wh: number | null | undefined) => (wh === null || wh === undefined ? "" : csvNumber(wh / 1000, "en", 3));
const num = (x: number | null, decimals: number) => (x === null ? "" : csvNumber(x, "en", decimals));
const text = (s: string | null | undefined) => (s ? csvText(s, sep) : "");

/** The surplus by month and hour of day, Paris time: `month,h00,...,h23` in kWh. */
export function heatmapCsv(s: Pick<SummaryView, "from" | "to" | "heatmap">): CsvFile {
  let out = line(["month", ...Array.from({ length: 24 }, (_, h) => `h${String(h).padStart(2, "0")}`)]);
  for (const r of s.heatmap) out += line([text(r.month), ...r.surplus_wh.map(kwh)]);
  return { name: `foyer-community-heatmap-${s.from}-${s.to}.csv`, text: out };
}

/** The mean flexible power by hour of day (Paris time, 0 for 00:00–01:00), in kW, over [from, to). */
export function flexByHourCsv(hours: FlexByHourView["hours"], period: { from: string; to: string }): CsvFile {
  let out = line(["hour", "down_offered_kw", "down_accepted_kw", "up_offered_kw", "up_accepted_kw", "delivered_kw"]);
  for (const h of hours) out += line([String(h.hour), ...[h.down_offered_kw, h.down_accepted_kw, h.up_offered_kw, h.up_accepted_kw, h.delivered_kw].map((x) => csvNumber(x, "en", 3))]);
  return { name: `foyer-community-flex-by-hour-${period.from}-${period.to}.csv`, text: out };
}

/** The simulation's totals, one row per key (`in_force`: the operation's key). */
export function simulationKeysCsv(r: SimulationView): CsvFile {
  let out = line(["key", "in_force", "production_kwh", "consumption_kwh", "allocated_kwh", "surplus_kwh", "self_consumption", "self_sufficiency", "savings_eur"]);
  for (const k of r.keys) {
    out += line([
      k.key, String(k.key === r.operation_key), kwh(k.production_wh), kwh(k.consumption_wh), kwh(k.allocated_wh), kwh(k.surplus_wh),
      num(k.self_consumption, 4), num(k.self_sufficiency, 4), csvNumber(k.savings_eur, "en", 2),
    ]);
  }
  return { name: `foyer-community-keys-${r.from}-${r.to}.csv`, text: out };
}

/** The simulation per member: its figures, then each key's allocation and savings (`emails`: by user id, when known). */
export function simulationMembersCsv(r: SimulationView, emails: ReadonlyMap<number, string> | null): CsvFile {
  let out = line(["user_id", "email", "consumption_kwh", "production_kwh", ...r.keys.flatMap((k) => [`${k.key}_allocated_kwh`, `${k.key}_savings_eur`])]);
  const byKey = r.keys.map((k) => new Map(k.members.map((m) => [m.user_id, m])));
  for (const m of r.members) {
    out += line([
      String(m.user_id), text(emails?.get(m.user_id)), kwh(m.consumption_wh), kwh(m.production_wh),
      ...byKey.flatMap((members) => {
        const x = members.get(m.user_id);
        return [kwh(x?.allocated_wh ?? 0), csvNumber(x?.savings_eur ?? 0, "en", 2)];
      }),
    ]);
  }
  return { name: `foyer-community-keys-members-${r.from}-${r.to}.csv`, text: out };
}

/** An import's figures per meter: Enedis' beside Foyer's, in kWh (empty where one has none), and the days Foyer lacks. */
export function reconciliationCsv(r: ReconciliationView): CsvFile {
  let out = line(["usage_point_id", "email", "days", "enedis_cons_kwh", "foyer_cons_kwh", "enedis_autocons_kwh", "foyer_autocons_kwh", "enedis_prod_kwh", "foyer_prod_kwh", "foyer_missing_days"]);
  for (const m of r.meters) {
    out += line([
      text(m.usage_point_id), text(m.email), String(m.enedis.days),
      kwh(m.enedis.cons_wh), kwh(m.foyer?.cons_wh), kwh(m.enedis.autocons_wh), kwh(m.foyer?.autocons_wh), kwh(m.enedis.prod_wh), kwh(m.foyer?.prod_wh),
      String(m.missing_days.length),
    ]);
  }
  return { name: `foyer-community-reconciliation-${r.import.id}.csv`, text: out };
}

/** An import's differences: their code, meter, household and the API's (English) sentence. */
export function findingsCsv(r: ReconciliationView): CsvFile {
  let out = line(["code", "usage_point_id", "email", "text"]);
  for (const f of r.findings) out += line([text(f.code), text(f.usage_point_id), text(f.email), text(f.text)]);
  return { name: `foyer-community-reconciliation-${r.import.id}-findings.csv`, text: out };
}
