"use client";
import { useState } from "react";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { LinkyKind, MeterReading } from "@/lib/swr/use-integrations";

/** 'PT30M' → '30 min'; anything else as the vendor wrote it. */
function interval(v: string | null | undefined) {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(v ?? "");
  if (!m || (!m[1] && !m[2])) return v ?? "";
  return [m[1] && `${m[1]} h`, m[2] && `${m[2]} min`].filter(Boolean).join(" ");
}

const ROWS_PER_PAGE = [12, 48, 96];

/** A Linky sample: its facts, then its readings a page at a time (LinkySampler loads it with the first sample). */
export function ReadingView({ reading, kind }: { reading: MeterReading; kind: LinkyKind }) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(ROWS_PER_PAGE[1]);
  const rows = reading.interval_reading ?? [];
  const visible = rows.slice(page * perPage, page * perPage + perPage);
  const facts: [string, React.ReactNode][] = [
    ["Usage point id", reading.usage_point_id],
    ["Quality", reading.quality ?? "—"],
    ["Start", reading.start],
    ["End", reading.end],
  ];

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 700 }}>
        {kind === "consumption" ? "Consumption" : "Production"}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, auto)" }, justifyContent: "start", gap: { xs: 1.5, sm: 4 }, "& dt": { fontSize: 12, color: "text.secondary", textTransform: "uppercase", letterSpacing: "0.06em" }, "& dd": { m: 0, fontWeight: 600, overflowWrap: "anywhere" } }}
      >
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">The meter reported no values for these days.</Typography>
      ) : (
        <Box sx={{ border: 1, borderColor: "divider", borderRadius: 2 }}>
          <TableContainer sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-label={`${kind === "consumption" ? "Consumption" : "Production"} readings`} sx={{ "& th": { fontWeight: 700, whiteSpace: "nowrap" }, "& td, & th": { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Value (W)</TableCell>
                  <TableCell>Interval</TableCell>
                  <TableCell>Type</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((r, i) => (
                  <TableRow key={`${r.date}-${i}`}>
                    <TableCell sx={{ whiteSpace: { xs: "normal", sm: "nowrap" } }}>{r.date}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                      {r.value}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{interval(r.interval_length)}</TableCell>
                    <TableCell>{r.measure_type ?? ""}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {rows.length > ROWS_PER_PAGE[0] && (
            <TablePagination
              component="div"
              count={rows.length}
              page={page}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={perPage}
              rowsPerPageOptions={ROWS_PER_PAGE}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(0);
              }}
              labelRowsPerPage="Rows"
              sx={{ borderTop: 1, borderColor: "divider", "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: { xs: 1, sm: 2 } } }}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
