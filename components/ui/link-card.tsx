import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { NextLink } from "./next-link";
import { withSx } from "./sx";

/**
 * A card that is one link (Home's sections, its energy summary): MUI's outlined Card around a
 * CardActionArea as they look, its border in the primary colour on hover, a focus ring for the
 * keyboard, without their code. `label` names the link when its text alone would not.
 */
export function LinkCard({ href, label, sx, children }: { href: string; label?: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      component={NextLink}
      href={href}
      aria-label={label}
      sx={withSx(
        {
          display: "block",
          minWidth: 0,
          boxSizing: "border-box",
          color: "inherit",
          textDecoration: "none",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          borderRadius: 3,
          transition: "border-color .15s, box-shadow .15s",
          "&:hover": { borderColor: "primary.main" },
          "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
        },
        sx,
      )}
    >
      {children}
    </Box>
  );
}
