import { keyframes, styled } from "@mui/material/styles";

type Colour = "primary" | "success" | "error";

const slide = keyframes`
  0% { left: -40%; }
  100% { left: 100%; }
`;

const Track = styled("div")(({ theme }) => ({
  position: "relative",
  overflow: "hidden",
  height: 4,
  borderRadius: 2,
  backgroundColor: (theme.vars ?? theme).palette.action.selected,
  "& > span": {
    position: "absolute",
    top: 0,
    bottom: 0,
    left: 0,
    borderRadius: "inherit",
    transition: "width 0.4s linear",
  },
  "&[data-indeterminate] > span": {
    width: "40%",
    animation: `${slide} 1.6s ease-in-out infinite`,
    "@media (prefers-reduced-motion: reduce)": { animation: "none", left: 0, width: "100%", opacity: 0.5 },
  },
  '&[data-colour="primary"] > span': { backgroundColor: (theme.vars ?? theme).palette.primary.main },
  '&[data-colour="success"] > span': { backgroundColor: (theme.vars ?? theme).palette.success.main },
  '&[data-colour="error"] > span': { backgroundColor: (theme.vars ?? theme).palette.error.main },
}));

/**
 * A progress bar (the role and values a screen reader reads, as MUI's LinearProgress gives them):
 * `value` from 0 to 100, or none while the amount of work is not known yet. Drawn with one styled
 * element instead of MUI's component, which every page showing one loaded (issue 14).
 */
export function ProgressBar({ value, label, colour = "primary", height }: { value?: number; label: string; colour?: Colour; height?: number }) {
  const pct = value === undefined ? undefined : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={pct === undefined ? undefined : 0}
      aria-valuemax={pct === undefined ? undefined : 100}
      aria-valuenow={pct}
      data-colour={colour}
      data-indeterminate={pct === undefined ? "" : undefined}
      style={height ? { height, borderRadius: height / 2 } : undefined}
    >
      <span style={pct === undefined ? undefined : { width: `${pct}%` }} />
    </Track>
  );
}
