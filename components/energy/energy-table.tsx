"use client";
// The charts' numbers as tables (the "Table" view, and what screen readers read).
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { EnergyAnswer, PowerDay } from "@/lib/swr/use-energy";
import { CHART_HEIGHT } from "./chart-skeleton";
import { bucketText, eurText, kwhText } from "./period";

type Column = { key: string; label: string; value: (i: number) => string };

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

const kwh = (v: number | null | undefined) => (v === null || v === undefined ? noData : kwhText(v, false));
const eur = (v: number | null | undefined, precise: boolean) => (v === null || v === undefined ? noData : eurText(v, precise));

/** Per bucket: consumption, the compared period, production, € and kg CO2 (only the columns that exist); `only="cost"` for the cost panel. */
export function EnergyTable({ data, comparedLabel, only }: { data: EnergyAnswer; comparedLabel: string | null; only?: "cost" }) {
  const s = data.series;
  const cmp = data.compare?.series;
  const fine = data.bucket === "30min" || data.bucket === "hour";
  const columns: Column[] = [];
  if (only !== "cost") {
    columns.push({ key: "c", label: "Consumption (kWh)", value: (i) => kwh(s[i].consumption_kwh) });
    if (cmp && comparedLabel) columns.push({ key: "cc", label: `${comparedLabel} (kWh)`, value: (i) => kwh(cmp[i]?.consumption_kwh) });
    if (data.meter.producer) columns.push({ key: "p", label: "Production (kWh)", value: (i) => kwh(s[i].production_kwh) });
  }
  if (data.cost) {
    columns.push({ key: "e", label: "Cost (€)", value: (i) => eur(s[i].cost_eur, fine) });
    if (only === "cost" && cmp && comparedLabel) columns.push({ key: "ce", label: `${comparedLabel} (€)`, value: (i) => eur(cmp[i]?.cost_eur, fine) });
  }
  if (only !== "cost" && data.carbon?.available) columns.push({ key: "co2", label: "CO₂ (kg)", value: (i) => (s[i].co2_kg === null ? noData : s[i].co2_kg!.toFixed(3)) });
  return (
    <Grid
      caption={only === "cost" ? "Cost per period" : "Energy per period"}
      head={["Period", ...columns.map((c) => c.label)]}
      rows={s.map((p, i) => ({ key: p.start, cells: [`${bucketText(p.start, p.end, data.bucket)}${p.complete || p.consumption_kwh === null ? "" : " (partial)"}`, ...columns.map((c) => c.value(i))] }))}
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
