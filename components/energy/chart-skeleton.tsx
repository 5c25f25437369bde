import { keyframes, styled } from "@mui/material/styles";

/** Every chart of My Energy is this tall, and so is its skeleton: nothing moves when it arrives. */
export const CHART_HEIGHT = 300;

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

// MUI's rounded Skeleton (its colour, pulse and radius) without its component
const Placeholder = styled("div")(({ theme }) => ({
  display: "block",
  borderRadius: (theme.vars ?? theme).shape.borderRadius,
  backgroundColor: theme.vars ? theme.vars.palette.Skeleton.bg : theme.alpha(theme.palette.text.primary, 0.11),
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  "@media (prefers-reduced-motion: reduce)": { animation: "none" },
}));

/** The place of a chart (or of a panel `height` tall) while its code or its numbers load. */
export function ChartSkeleton({ label, height = CHART_HEIGHT }: { label: string; height?: number }) {
  return <Placeholder role="status" aria-label={label} style={{ height }} />;
}
