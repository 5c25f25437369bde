"use client";
import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import MenuItem from "@mui/material/MenuItem";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import BoltOutlined from "@mui/icons-material/BoltOutlined";
import SolarPowerOutlined from "@mui/icons-material/SolarPowerOutlined";
import { linkyFailure, linkyUrl, useSample, type LinkyKind, type LinkyResponse, type MeterReading } from "@/lib/swr/use-integrations";
import { JsonBlock } from "./json-block";

/** 'PT30M' → '30 min'; anything else as the vendor wrote it. */
function interval(v: string | null | undefined) {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(v ?? "");
  if (!m || (!m[1] && !m[2])) return v ?? "";
  return [m[1] && `${m[1]} h`, m[2] && `${m[2]} min`].filter(Boolean).join(" ");
}

/**
 * Variant B's 'Linky' section: choose one of the linky integration's meters, then sample its
 * consumption (the last 7 days) or production. A failure (`detail`, or results carrying `error`)
 * shows as JSON; the next success replaces it.
 */
export function LinkySampler({ meters }: { meters: string[] }) {
  const [meter, setMeter] = useState(meters.length === 1 ? meters[0] : "");
  const [kind, setKind] = useState<LinkyKind>("consumption");
  const { data, error, isLoading, run, reset } = useSample<LinkyResponse>(linkyFailure);
  const reading = data?.results?.meter_reading;

  const load = (k: LinkyKind) => {
    setKind(k);
    run(linkyUrl(meter, k));
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography color="text.secondary">
        Choose a meter, then get its consumption, which covers the last 7 days in 30-minute steps, or its production over the same days.
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <TextField
          select
          label="Choose the meter"
          value={meter}
          onChange={(e) => {
            setMeter(e.target.value);
            reset();
          }}
          size="small"
          sx={{ minWidth: 220, flex: { xs: "1 1 100%", sm: "0 0 auto" } }}
        >
          {meters.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<BoltOutlined />} disabled={!meter || isLoading} onClick={() => load("consumption")}>
          Get consumption
        </Button>
        <Button variant="outlined" startIcon={<SolarPowerOutlined />} disabled={!meter || isLoading} onClick={() => load("production")}>
          Get production
        </Button>
      </Box>
      <Box aria-live="polite">
        {isLoading ? (
          <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 2, color: "text.secondary" }}>
            <CircularProgress size={22} aria-hidden />
            <span>Loading the {kind} of meter {meter}...</span>
          </Box>
        ) : error !== undefined ? (
          <JsonBlock value={error} label={`Linky ${kind}: error`} tone="error" />
        ) : reading ? (
          <ReadingView key={`${kind}-${reading.usage_point_id}-${reading.start}`} reading={reading} kind={kind} />
        ) : data ? (
          <JsonBlock value={data} label={`Linky ${kind}`} />
        ) : null}
      </Box>
    </Box>
  );
}

const ROWS_PER_PAGE = [12, 48, 96];

function ReadingView({ reading, kind }: { reading: MeterReading; kind: LinkyKind }) {
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
