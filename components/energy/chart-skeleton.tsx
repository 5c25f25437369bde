import Skeleton from "@mui/material/Skeleton";

/** Every chart of My Energy is this tall, and so is its skeleton: nothing moves when it arrives. */
export const CHART_HEIGHT = 300;

/** The place of a chart while its code or its numbers load. */
export function ChartSkeleton({ label }: { label: string }) {
  return <Skeleton variant="rounded" height={CHART_HEIGHT} aria-label={label} role="status" sx={{ transform: "none" }} />;
}
