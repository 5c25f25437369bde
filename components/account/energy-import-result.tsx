"use client";
// My Account's import, once a file has been read: what it holds, then what was imported (loaded
// with the first file chosen: energy-data.tsx).
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { TextLink } from "@/components/ui/text-link";
import type { ImportPreview, ImportResult } from "@/lib/services/imports";

const parisDayFmt = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "Europe/Paris" });
/** The local days from the first interval's start to the last one's end (exclusive). */
function rangeText(first: string | null, last: string | null): string {
  if (!first || !last) return "none";
  const a = parisDayFmt.format(new Date(first));
  const b = parisDayFmt.format(new Date(Date.parse(last) - 1));
  return a === b ? a : `${a} to ${b}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

const dl = {
  m: 0,
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
  columnGap: 2,
  rowGap: { xs: 0, sm: 0.5 },
  fontSize: 14,
  "& dt": { color: "text.secondary" },
  "& dd": { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" },
} as const;

/** What the chosen file holds, with Import and Cancel (a progress bar while it imports). */
export function PreviewCard({ file, preview: p, busy, onImport, onCancel }: { file: File; preview: ImportPreview; busy: boolean; onImport: () => void; onCancel: () => void }) {
  const kind = p.kind === "production" ? "Production" : "Consumption";
  const importLabel = p.bad_count > 0 ? `Import the ${plural(p.points, "good line")}` : "Import";
  return (
    <Box component="section" aria-labelledby="import-preview-title" sx={{ border: 1, borderColor: "primary.light", borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: "grid", gap: 1.5 }}>
      <Typography id="import-preview-title" component="h4" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
        What {file.name} holds
      </Typography>
      <Box component="dl" sx={dl}>
        <dt>Meter</dt>
        <dd>
          {p.usage_point_id}
          {p.meter_id === null ? " — not in your account yet: importing adds it" : " — already in your account"}
        </dd>
        <dt>Curve</dt>
        <dd>
          {kind}, every {p.step_minutes} minutes
        </dd>
        <dt>Range</dt>
        <dd>{rangeText(p.first, p.last)}</dd>
        <dt>Readings</dt>
        <dd>
          {plural(p.points, "half hour")} over {plural(p.days, "day")}
          {p.empty_values > 0 && `, ${plural(p.empty_values, "interval")} without a value (left empty)`}
          {p.duplicates > 0 && `, ${plural(p.duplicates, "repeated line")}`}
        </dd>
        {(p.already_held.enedis > 0 || p.already_held.imported > 0) && (
          <>
            <dt>Already held</dt>
            <dd>
              {p.already_held.enedis > 0 && `${plural(p.already_held.enedis, "reading")} from Enedis (kept)`}
              {p.already_held.enedis > 0 && p.already_held.imported > 0 && ", "}
              {p.already_held.imported > 0 && `${plural(p.already_held.imported, "reading")} imported earlier (replaced)`}
            </dd>
          </>
        )}
      </Box>
      {p.bad_count > 0 && (
        <Alert severity="warning" sx={{ "& .MuiAlert-message": { minWidth: 0, width: "100%" } }}>
          <AlertTitle>
            {plural(p.bad_count, "line")} cannot be read and will be skipped
          </AlertTitle>
          <Box component="ul" aria-label="Lines that cannot be read" tabIndex={0} sx={{ m: 0, pl: 2.5, maxHeight: 220, overflowY: "auto", fontSize: 14 }}>
            {p.bad_lines.map((b) => (
              <li key={b.line}>
                Line {b.line}: {b.reason}
                <Box component="code" sx={{ display: "block", fontSize: 12, color: "text.secondary", overflowWrap: "anywhere" }}>
                  {b.text}
                </Box>
              </li>
            ))}
          </Box>
          {p.bad_count > p.bad_lines.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The first {p.bad_lines.length} are listed.
            </Typography>
          )}
        </Alert>
      )}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button variant="contained" onClick={onImport} disabled={busy || p.points === 0} sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
          {busy ? "Importing…" : importLabel}
        </Button>
        <Button onClick={onCancel} disabled={busy} sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
          Cancel
        </Button>
      </Box>
      {busy && <LinearProgress aria-label="Importing the file" />}
    </Box>
  );
}

/** What the import wrote, with a link to the meter in My Energy. */
export function ImportDone({ result: r, fileName }: { result: ImportResult; fileName: string }) {
  return (
    <Alert severity="success" role="status">
      <AlertTitle>
        {fileName} imported into meter {r.usage_point_id}
      </AlertTitle>
      <Box sx={{ overflowWrap: "anywhere" }}>
        {plural(r.written, "reading")} written, {plural(r.unchanged, "already held", "already held")}, {rangeText(r.first, r.last)} ({plural(r.days, "day")}).
        {r.bad_count > 0 && ` ${plural(r.bad_count, "line")} skipped.`}
        {r.meter_created && ` Meter ${r.usage_point_id} was added to your account.`}{" "}
        <TextLink href={`/dashboards?meter=${r.meter_id}`}>
          See it in My Energy
        </TextLink>
      </Box>
    </Alert>
  );
}
