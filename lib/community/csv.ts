// The community view's tables as CSV for the operator (?format=csv): the exports' `en` dialect
// (`,`, decimal point, CRLF), text made safe for spreadsheets (lib/energy/export/csv.ts).
import { CSV_EOL, CSV_SEPARATOR, csvNumber, csvText } from "@/lib/energy/export/csv";
import type { MemberView, SummaryView } from "@/lib/serializers/community";

const sep = CSV_SEPARATOR.en;
const kwh = (wh: number) => csvNumber(wh / 1000, "en", 3);

export function summaryCsv(s: SummaryView): string {
  let out = ["start", "consumption_kwh", "production_kwh", "self_consumed_kwh", "surplus_kwh"].join(sep) + CSV_EOL;
  for (const r of s.series) out += [r.start, kwh(r.consumption_wh), kwh(r.production_wh), kwh(r.self_consumed_wh), kwh(r.surplus_wh)].join(sep) + CSV_EOL;
  return out;
}

export function membersCsv(rows: readonly MemberView[]): string {
  let out = ["member_id", "user_id", "email", "usage_point_id", "role", "joined_on", "left_on", "consumption_kwh", "production_kwh", "allocated_kwh", "coverage", "savings_eur"].join(sep) + CSV_EOL;
  for (const m of rows) {
    out += [
      String(m.id), String(m.user_id), csvText(m.email, sep), m.usage_point_id ?? "", m.role, m.joined_on, m.left_on ?? "",
      kwh(m.consumption_wh), kwh(m.production_wh), kwh(m.allocated_wh), m.coverage === null ? "" : csvNumber(m.coverage, "en", 4), csvNumber(m.savings_eur, "en", 2),
    ].join(sep) + CSV_EOL;
  }
  return out;
}
