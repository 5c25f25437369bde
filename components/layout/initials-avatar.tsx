import Box from "@mui/material/Box";

/**
 * The user's initials in a green disc: MUI's Avatar with letters (the same element, classes and
 * styles), without the image loading and fallback icon that Avatar brings for pictures.
 */
export function InitialsAvatar({ initials }: { initials: string }) {
  return (
    <Box
      className="MuiAvatar-root MuiAvatar-circular MuiAvatar-colorDefault"
      sx={(t) => ({
        // MuiAvatar-root
        position: "relative",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        flexShrink: 0,
        fontFamily: t.typography.fontFamily,
        lineHeight: 1,
        borderRadius: "50%",
        overflow: "hidden",
        userSelect: "none",
        // MuiAvatar-colorDefault
        color: "background.default",
        "@media (forced-colors: active)": { boxSizing: "border-box", border: "1px solid ButtonBorder" },
        // ours
        width: 36,
        height: 36,
        bgcolor: "primary.main",
        fontSize: 15,
        fontWeight: 600,
      })}
    >
      {initials}
    </Box>
  );
}
