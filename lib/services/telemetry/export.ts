// A device's live telemetry in "Download my data" (lib/services/archives/build.ts): its 15-minute
// energy and power (`telemetry.quarters`, kept for ever: docs/telemetry.md, "Storage"), as CSV
// streamed in pages of rows (a device of two channels has 70,000 quarters a year). The raw samples
// (10 days) and the 1-minute points (2 years) stay readable through the API's series.
import { Prisma } from "@/lib/generated/prisma/client";
import { readRows } from "@/lib/db";
import { csvText, CSV_EOL } from "@/lib/energy/export/csv";

const PAGE = 10_000;
const COLUMNS = ["device", "measurement", "start_utc", "import_wh", "export_wh", "power_w_avg", "power_w_min", "power_w_max"];

const num = (x: number | null) => (x === null ? "" : String(Math.round(x * 1000) / 1000));

/** Devices with quarters stored, of those given: the archive names a file for these only. */
export async function devicesWithQuarters(measurementsOf: ReadonlyMap<number, readonly number[]>): Promise<Set<number>> {
  const pairs = [...measurementsOf].flatMap(([d, ms]) => ms.map((m) => [d, m] as const));
  if (!pairs.length) return new Set();
  const rows = await readRows<{ d: number }>(Prisma.sql`
    SELECT DISTINCT p.d FROM unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::int[]) AS p(d, m)
    WHERE EXISTS (SELECT 1 FROM telemetry.quarters q WHERE q.measurement_id = p.m)`);
  return new Set(rows.map((r) => r.d));
}

/** One device's quarters as CSV (`,`, decimal points, CRLF), measurement by measurement, in time order. */
export async function* deviceQuartersCsv(device: { deviceId: string; measurements: readonly { id: number; name: string }[] }): AsyncGenerator<string, void, undefined> {
  yield COLUMNS.join(",") + CSV_EOL;
  const dev = csvText(device.deviceId, ",");
  for (const m of device.measurements) {
    const name = csvText(m.name, ",");
    let after = new Date(0);
    for (;;) {
      const rows = await readRows<{ start: Date; import_wh: number; export_wh: number; power_avg: number | null; power_min: number | null; power_max: number | null }>(Prisma.sql`
        SELECT start, import_wh::float8, export_wh::float8, power_avg::float8, power_min::float8, power_max::float8
        FROM telemetry.quarters WHERE measurement_id = ${m.id} AND start > ${after} ORDER BY start LIMIT ${PAGE}`);
      if (!rows.length) break;
      yield rows.map((r) => [dev, name, r.start.toISOString(), num(r.import_wh), num(r.export_wh), num(r.power_avg), num(r.power_min), num(r.power_max)].join(",")).join(CSV_EOL) + CSV_EOL;
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.start;
    }
  }
}
