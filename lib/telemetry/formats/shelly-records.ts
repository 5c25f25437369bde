// A Shelly Pro 3EM's (EMData.GetData) or Pro EM / EM Gen3's (EM1Data.GetData) own 1-minute
// records, as it answers an RPC request with `add_keys: true`: the gap repair's input
// (lib/mqtt/repair.ts). Pure. Answer shape (shelly-api-docs.shelly.cloud, gen2 EMData / EM1Data):
//   {"id": 7, "src": "<device>", "dst": "<our src>", "result": {"keys": ["a_total_act_energy", ...],
//    "data": [{"ts": 1656356400, "period": 60, "values": [[<one value per key>], ...]}],
//    "next_record_ts": 1656360000}}
// Each record's values are the energy of that period (Wh), not counters.
import { TelemetryInputError } from "./types";
import { MAX_COUNTER_WH } from "../limits";

type RecordMinute = { key: string; start: number; import_wh: number; export_wh: number };
export type RecordsAnswer = { requestId: number | null; minutes: RecordMinute[]; next: number | null };

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 && v < MAX_COUNTER_WH ? v : null);

/** method "EMData" (channel keys em:N/a, b, c and total) or "EM1Data" (em1:N), component `id`. */
export function parseRecords(method: "EMData" | "EM1Data", id: number, payload: Uint8Array): RecordsAnswer {
  let msg: unknown;
  try {
    msg = JSON.parse(Buffer.from(payload).toString("utf8"));
  } catch {
    throw new TelemetryInputError("records", "The device's answer with its records is not valid JSON");
  }
  const m = msg as { id?: unknown; result?: { keys?: unknown; data?: unknown; next_record_ts?: unknown }; error?: { message?: unknown } };
  if (!m || typeof m !== "object") throw new TelemetryInputError("records", "The device's answer with its records is not a JSON-RPC answer");
  if (m.error) throw new TelemetryInputError("records", `The device could not send its records: ${String(m.error.message ?? "error")}`.slice(0, 200));
  const r = m.result;
  if (!r || !Array.isArray(r.keys) || !Array.isArray(r.data)) throw new TelemetryInputError("records", "The device's answer has no records (keys and data)");
  const keys = r.keys.map(String);
  const at = (k: string) => keys.indexOf(k);
  const channels: { key: string; imp: number[]; exp: number[] }[] =
    method === "EM1Data"
      ? [{ key: `em1:${id}`, imp: [at("total_act_energy")], exp: [at("total_act_ret_energy")] }]
      : [
          ...(["a", "b", "c"] as const).map((p) => ({ key: `em:${id}/${p}`, imp: [at(`${p}_total_act_energy`)], exp: [at(`${p}_total_act_ret_energy`)] })),
          { key: `em:${id}/total`, imp: ["a", "b", "c"].map((p) => at(`${p}_total_act_energy`)), exp: ["a", "b", "c"].map((p) => at(`${p}_total_act_ret_energy`)) },
        ];
  const minutes: RecordMinute[] = [];
  for (const block of r.data as { ts?: unknown; period?: unknown; values?: unknown }[]) {
    const ts = Number(block?.ts);
    const period = Number(block?.period ?? 60);
    if (!Number.isFinite(ts) || period !== 60 || !Array.isArray(block.values)) continue; // only 1-minute records
    block.values.forEach((row, i) => {
      if (!Array.isArray(row)) return;
      const start = (ts + i * period) * 1000;
      for (const c of channels) {
        if (c.imp.some((k) => k < 0)) continue;
        const imp = c.imp.map((k) => num(row[k]));
        const exp = c.exp.map((k) => (k < 0 ? 0 : num(row[k])));
        if (imp.some((v) => v === null) || exp.some((v) => v === null)) continue;
        minutes.push({ key: c.key, start, import_wh: imp.reduce((a, b) => a! + b!, 0)!, export_wh: exp.reduce((a, b) => a! + b!, 0)! });
      }
    });
  }
  const next = Number(r.next_record_ts);
  return { requestId: typeof m.id === "number" ? m.id : null, minutes, next: Number.isFinite(next) && next > 0 ? next * 1000 : null };
}
