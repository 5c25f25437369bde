"use client";
import { styled, type SxProps, type Theme } from "@mui/material/styles";

/**
 * MUI's Container at its `lg` width (1,200 px, gutters of 2 then 3 spacing units from 600 px, or
 * none with `disableGutters`), the only width the site uses: the same CSS, without Container's
 * code on every page (its breakpoint machinery) nor its work on every render. Its classes stay,
 * for anything that reads them.
 */
const Root = styled("div", { shouldForwardProp: (prop) => prop !== "disableGutters" && prop !== "sx" && prop !== "as" })<{ disableGutters?: boolean }>(
  ({ theme, disableGutters }) => ({
    width: "100%",
    marginLeft: "auto",
    boxSizing: "border-box",
    marginRight: "auto",
    ...(!disableGutters && {
      paddingLeft: theme.spacing(2),
      paddingRight: theme.spacing(2),
      [theme.breakpoints.up("sm")]: { paddingLeft: theme.spacing(3), paddingRight: theme.spacing(3) },
    }),
    [theme.breakpoints.up("lg")]: { maxWidth: theme.breakpoints.values.lg },
  }),
);

export function PageWidth({
  component,
  disableGutters = false,
  ...props
}: { component?: React.ElementType; disableGutters?: boolean; sx?: SxProps<Theme> } & React.HTMLAttributes<HTMLElement>) {
  const classes = `MuiContainer-root MuiContainer-maxWidthLg${disableGutters ? " MuiContainer-disableGutters" : ""}`;
  return <Root as={component} disableGutters={disableGutters} {...props} className={props.className ? `${classes} ${props.className}` : classes} />;
}
