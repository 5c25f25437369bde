"use client";
import Box from "@mui/material/Box";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslations } from "use-intl";

/** Read by screen readers, not shown. */
const visuallyHidden = { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", m: "-1px", p: 0, border: 0 } as const;

/** The header row of a data table: its columns, bold on a tint, and (`actions`) a last column of row buttons named 'Actions' for screen readers. */
export function DataTableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  const t = useTranslations("common.ui");
  return (
    <TableHead>
      <TableRow sx={{ "& th": { fontWeight: 700, bgcolor: "action.hover" } }}>
        {columns.map((c) => (
          <TableCell key={c}>{c}</TableCell>
        ))}
        {actions && (
          <TableCell align="right">
            <Box component="span" sx={visuallyHidden}>
              {t("actions")}
            </Box>
          </TableCell>
        )}
      </TableRow>
    </TableHead>
  );
}
