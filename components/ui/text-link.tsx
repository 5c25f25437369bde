import type { SxProps, Theme } from "@mui/material/styles";
import { NextLink } from "./next-link";
import { withSx } from "./sx";
import { Text } from "./text";

/**
 * MUI's Link for an address, drawn as MUI draws it: text in the primary colour with Link's classes,
 * underlined always (Link's default, in the colour at 40 %) or on hover. MUI's own Link adds only a
 * focus class that our theme leaves unstyled, and Typography's work on every render (Text). A
 * path on this site goes through next/link, anything else (mailto:) is a plain anchor.
 */
export function TextLink({
  href,
  underline = "always",
  variant = "inherit",
  sx,
  children,
}: {
  href: string;
  underline?: "always" | "hover";
  variant?: "inherit" | "body1" | "body2";
  sx?: SxProps<Theme>;
  children: React.ReactNode;
}) {
  const look: SxProps<Theme> =
    underline === "hover"
      ? { textDecoration: "none", "&:hover": { textDecoration: "underline" } }
      : (t) => ({
          textDecoration: "underline",
          textDecorationColor: "var(--Link-underlineColor)",
          "--Link-underlineColor": t.alpha((t.vars || t).palette.primary.main, 0.4),
          "&:hover": { textDecorationColor: "inherit" },
        });
  return (
    <Text
      component={href.startsWith("/") ? NextLink : "a"}
      href={href}
      variant={variant}
      color="primary"
      className={`MuiLink-root MuiLink-underline${underline === "hover" ? "Hover" : "Always"}`}
      sx={withSx(look, sx)}
    >
      {children}
    </Text>
  );
}
