"use client";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { day, integrationLabel, meterIds, type IntegrationView } from "./integration-view";

/** The meter column: a linky's usage points, 'not available' for netatmo (and any account without meters). */
function meterCell(i: IntegrationView) {
  if (i.name === "netatmo") return "not available";
  const ids = meterIds(i.resource);
  return ids.length ? ids.join(", ") : "not available";
}

/** Variant B's 'My Integrations' table: name, meter ids, created and last updated (dd MMM yyyy). */
export function MyIntegrationsTable({ integrations }: { integrations: IntegrationView[] }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 2 }}>
      <Table size="small" aria-labelledby="my-integrations-title" sx={{ "& th": { fontWeight: 700, whiteSpace: "nowrap" }, "& td, & th": { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Integration Name</TableCell>
            <TableCell>Meter ID(s)</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {integrations.map((i) => (
            <TableRow key={i.id}>
              <TableCell>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                  <Typography component="span" sx={{ fontWeight: 600, fontSize: "inherit" }}>
                    {integrationLabel(i.name)}
                  </Typography>
                  {i.needs_relink && <Chip size="small" color="warning" label="Needs a new link" />}
                  {i.sandbox && <Chip size="small" color="secondary" variant="outlined" label="Sandbox data" />}
                </Box>
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere", color: i.name === "netatmo" || !i.resource ? "text.secondary" : undefined }}>{meterCell(i)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{day(i.created_at)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{day(i.updated_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
