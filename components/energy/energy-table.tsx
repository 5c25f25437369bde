"use client";
// The charts' numbers as tables (the "Table" view, and what screen readers read).
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { columnsOf, periodTable, type PeriodUnit } from "@/lib/energy/period-table";
import type { EnergyAnswer, PowerDay } from "@/lib/swr/use-energy";
import { CHART_HEIGHT } from "./chart-skeleton";
import { bucketText, eurText, kwhText } from "./period";

const num = { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
const noData = "no data";

/** Scrolls within the chart's height (so the page does not jump), header kept in view. */
function Grid({ caption, head, rows }: { caption: string; head: string[]; rows: { key: string; cells: string[] }[] }) {
  return (
    <TableContainer tabIndex={0} aria-label={caption} sx={{ maxHeight: CHART_HEIGHT + 120, border: 1, borderColor: "divider", borderRadius: 2 }}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: "top", position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} scope="col" sx={i ? num : { whiteSpace: "nowrap" }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key} hover>
              {r.cells.map((c, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                    {c}
                  </TableCell>
                ) : (
                  <TableCell key={i} sx={{ ...num, color: c === noData ? "text.secondary" : undefined }}>
                    {c}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const kwh = (v: number | null) => (v === null ? noData : kwhText(v, false));
const eur = (v: number | null, precise: boolean) => (v === null ? noData : eurText(v, precise));
const kg = (v: number | null) => (v === null ? noData : v.toFixed(3));

/**
 * Per bucket: consumption, the compared period, production, € and kg CO2 (only the columns that
 * exist); `only="cost"` for the cost panel. The rows are `periodTable`'s, as the CSV download's.
 */
export function EnergyTable({ data, comparedLabel, only }: { data: EnergyAnswer; comparedLabel: string | null; only?: "cost" }) {
  const table = periodTable(data, comparedLabel);
  const fine = data.bucket === "30min" || data.bucket === "hour";
  const shown = columnsOf(table, only === "cost" ? "cost" : "energy");
  const text = (unit: PeriodUnit, v: number | null) => (unit === "kWh" ? kwh(v) : unit === "€" ? eur(v, fine) : kg(v));
  return (
    <Grid
      caption={only === "cost" ? "Cost per period" : "Energy per period"}
      head={["Period", ...shown.map((c) => c.column.label)]}
      rows={table.rows.map((r) => ({
        key: r.start,
        cells: [`${bucketText(r.start, r.end, data.bucket)}${r.partial ? " (partial)" : ""}`, ...shown.map((c) => text(c.column.unit, r.values[c.index]))],
      }))}
    />
  );
}

/** Each day's maximum power and its share of the subscribed power. */
export function PowerTable({ days, subscribedKva }: { days: PowerDay[]; subscribedKva: number | null }) {
  return (
    <Grid
      caption="Maximum power per day"
      head={["Day", "Maximum power (kVA)", ...(subscribedKva ? ["Of subscribed power"] : []), "At"]}
      rows={days.map((d) => ({
        key: d.day,
        cells: [
          bucketText(`${d.day}T12:00:00.000Z`, `${d.day}T12:00:00.000Z`, "day"),
          d.va === null ? noData : (d.va / 1000).toFixed(2),
          ...(subscribedKva ? [d.va === null ? noData : `${Math.round(d.va / 10 / subscribedKva)} %`] : []),
          d.at ? new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(d.at)) : "–",
        ],
      }))}
    />
  );
}
