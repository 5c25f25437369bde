import { Placeholder } from "@/components/ui/placeholder";

/** Every chart of My Energy is this tall, and so is its skeleton: nothing moves when it arrives. */
export const CHART_HEIGHT = 300;

/** The place of a chart (or of a panel `height` tall) while its code or its numbers load. */
export function ChartSkeleton({ label, height = CHART_HEIGHT }: { label: string; height?: number }) {
  return <Placeholder label={label} height={height} />;
}
