"use client";
// The charts' numbers as tables (the "Table" view, and what screen readers read).
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { columnsOf, periodTable, type PeriodColumn, type PeriodUnit } from "@/lib/energy/period-table";
import type { EnergyAnswer, PowerDay } from "@/lib/swr/use-energy";
import { useLocale, useTranslations } from "use-intl";
import { CHART_HEIGHT } from "./chart-skeleton";
import { bucketText, parisTimeText } from "./period";
import { fixedText } from "@/components/ui/numbers";
import { eurText, kwhText, percentSpace } from "./format";

const num = { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/** Scrolls within the chart's height (so the page does not jump), header kept in view; `noData` cells are greyed. */
function Grid({ caption, head, rows, noData }: { caption: string; head: string[]; rows: { key: string; cells: string[] }[]; noData: string }) {
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

/**
 * Per bucket: consumption, the compared period, production, € and kg CO2 (only the columns that
 * exist); `only="cost"` for the cost panel, `only="carbon"` for the carbon panel. The rows are `periodTable`'s, as the CSV download's;
 * the headers are the reader's language's.
 */
export function EnergyTable({ data, comparedLabel, only }: { data: EnergyAnswer; comparedLabel: string | null; only?: "cost" | "carbon" }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const noData = t("table.noData");
  const table = periodTable(data, comparedLabel);
  const fine = data.bucket === "30min" || data.bucket === "hour";
  const shown = columnsOf(table, only ?? "energy");
  // kg CO2 with the API's 3 decimals (English without a thousands separator, as the table always wrote them)
  const kg = (v: number) => (locale === "en" ? v.toFixed(3) : fixedText(v, 3, locale));
  const text = (unit: PeriodUnit, v: number | null) =>
    v === null ? noData : unit === "kWh" ? kwhText(v, false, locale) : unit === "€" ? eurText(v, fine, locale) : kg(v);
  const label = (c: PeriodColumn) => t(`table.columns.${c.key}`, { compared: comparedLabel ?? "" });
  return (
    <Grid
      caption={only === "cost" ? t("table.costCaption") : only === "carbon" ? t("table.carbonCaption") : t("table.energyCaption")}
      head={[t("table.period"), ...shown.map((c) => label(c.column))]}
      noData={noData}
      rows={table.rows.map((r) => {
        const period = bucketText(r.start, r.end, data.bucket, locale);
        return {
          key: r.start,
          cells: [r.partial ? t("table.partial", { period }) : period, ...shown.map((c) => text(c.column.unit, r.values[c.index]))],
        };
      })}
    />
  );
}

/** Each day's maximum power and its share of the subscribed power. */
export function PowerTable({ days, subscribedKva }: { days: PowerDay[]; subscribedKva: number | null }) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const noData = t("table.noData");
  return (
    <Grid
      caption={t("table.powerCaption")}
      head={[t("table.day"), t("table.maxPower"), ...(subscribedKva ? [t("table.ofSubscribed")] : []), t("table.at")]}
      noData={noData}
      rows={days.map((d) => ({
        key: d.day,
        cells: [
          bucketText(`${d.day}T12:00:00.000Z`, `${d.day}T12:00:00.000Z`, "day", locale),
          d.va === null ? noData : fixedText(d.va / 1000, 2, locale),
          ...(subscribedKva ? [d.va === null ? noData : `${Math.round(d.va / 10 / subscribedKva)}${percentSpace(locale)}%`] : []),
          d.at ? parisTimeText(d.at) : "–",
        ],
      }))}
    />
  );
}
