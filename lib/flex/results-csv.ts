// An event's results as CSV for the operator (GET /api/v1/flex_events/{id}/results?format=csv): one
// row per participant, then the total; the exports' `en` dialect (`,`, decimal point, CRLF), text
// made safe for spreadsheets (lib/energy/export/csv.ts).
import { CSV_EOL, CSV_SEPARATOR, csvNumber, csvText } from "@/lib/energy/export/csv";
import type { OperatorEventView, toResultRowView } from "@/lib/serializers/flex";

const HEAD = ["event_id", "user_id", "email", "name", "opted_in_at", "auto", "status", "baseline_wh", "actual_wh", "delivered_wh", "reward_eur", "baseline_day_count", "predictability"];

const sum = (xs: readonly (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);

export function resultsCsv(view: { event: OperatorEventView; households: ReturnType<typeof toResultRowView>[] }): string {
  const sep = CSV_SEPARATOR.en;
  const n = (x: number | null | undefined, d = 1) => (x === null || x === undefined ? "" : csvNumber(x, "en", d));
  let out = HEAD.join(sep) + CSV_EOL;
  for (const h of view.households) {
    const r = h.result;
    const settled = r?.status === "settled";
    out +=
      [
        String(view.event.id),
        String(h.user_id),
        csvText(h.email, sep),
        csvText(h.name, sep),
        h.opted_in_at,
        String(h.auto),
        r?.status ?? "pending",
        settled ? n(sum(r.baseline_wh)) : "",
        r && r.actual_wh.length ? n(sum(r.actual_wh)) : "",
        settled ? n(r.delivered_wh) : "",
        settled ? n(r.reward_eur, 2) : "",
        String(r?.baseline_days.length ?? ""),
        h.predictability ?? "",
      ].join(sep) + CSV_EOL;
  }
  out += [String(view.event.id), "", "total", "", "", "", `${view.event.settled_households} settled`, "", "", n(view.event.delivered_wh), n(view.event.reward_eur, 2), "", ""].join(sep) + CSV_EOL;
  return out;
}
