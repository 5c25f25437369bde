import type { SxProps, Theme } from "@mui/material/styles";

/** A component's own styles, then the caller's `sx` (an object, an array or nothing), as MUI merges them. */
export const withSx = (own: SxProps<Theme>, sx?: SxProps<Theme>): SxProps<Theme> =>
  [...(Array.isArray(own) ? own : [own]), ...(Array.isArray(sx) ? sx : [sx])] as SxProps<Theme>;
