import { keyframes, styled } from "@mui/material/styles";

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

// MUI's rounded Skeleton (its colour, pulse and radius) without its component, which every page
// that showed one loaded (issue 14)
const Box = styled("div")(({ theme }) => ({
  display: "block",
  borderRadius: (theme.vars ?? theme).shape.borderRadius,
  backgroundColor: theme.vars ? theme.vars.palette.Skeleton.bg : theme.alpha(theme.palette.text.primary, 0.11),
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  "@media (prefers-reduced-motion: reduce)": { animation: "none" },
}));

/**
 * The place of something `height` px tall while it loads. With a `label` it is announced as a
 * status ("Loading your meters"); without one it is one of several that a labelled parent names.
 */
export function Placeholder({ height, label, radius, marginBottom }: { height: number; label?: string; radius?: number; marginBottom?: number }) {
  return (
    <Box
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ height, ...(radius !== undefined && { borderRadius: radius }), ...(marginBottom !== undefined && { marginBottom }) }}
    />
  );
}
