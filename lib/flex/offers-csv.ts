// The community's offers of a week as CSV for the operator (GET /api/v1/flex_offers/export): one
// row per offer, its power per period in one field (W, separated by spaces); the exports' `en`
// dialect (`,`, decimal point, CRLF), text made safe for spreadsheets (lib/energy/export/csv.ts).
import { CSV_EOL, CSV_SEPARATOR, csvNumber, csvText } from "@/lib/energy/export/csv";
import type { OperatorOfferView } from "@/lib/serializers/flex-offers";

const HEAD = ["offer_id", "user_id", "email", "resource", "direction", "day", "from", "to", "step_min", "status", "max_power_w", "energy_wh", "power_w", "expires_at", "availability_eur_per_mw_h", "utilisation_eur_per_mwh", "delivered_wh", "reward_eur"];

export function offersCsv(offers: readonly OperatorOfferView[]): string {
  const sep = CSV_SEPARATOR.en;
  const n = (x: number | null, d = 1) => (x === null ? "" : csvNumber(x, "en", d));
  let out = HEAD.join(sep) + CSV_EOL;
  for (const o of offers) {
    out +=
      [
        String(o.id),
        String(o.user_id),
        csvText(o.email, sep),
        csvText(o.resource, sep),
        o.direction,
        o.day,
        o.from,
        o.to,
        String(o.step_min),
        o.status,
        String(o.max_power_w),
        n(o.energy_wh),
        o.power_w.join(" "),
        o.expires_at,
        n(o.availability_eur_per_mw_h, 2),
        n(o.utilisation_eur_per_mwh, 2),
        n(o.delivered_wh),
        n(o.reward_eur, 2),
      ].join(sep) + CSV_EOL;
  }
  return out;
}
