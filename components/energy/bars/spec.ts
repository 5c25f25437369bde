// What a bar chart draws (bars.tsx): its series, its buckets, its axis and an optional limit line.
import type { Locale } from "@/lib/shared/locale.mjs";
import type { Bucket } from "@/lib/swr/use-energy";

export type Series = {
  id: string;
  label: string;
  data: (number | null)[];
  color: string;
  format: (v: number | null) => string;
  /** drawn as a line over the bars, through the buckets' middles (dashed: its dash and gap, px) */
  line?: { dash?: number[] };
};

export type Spec = {
  title: string;
  /** the language of the axis, the tooltip and the live region */
  locale: Locale;
  /** a bucket and its values in words, for the live region: "Tue 4 Nov 2025: Consumption 8.31 kWh" */
  live: (bucket: string, values: string) => string;
  series: Series[];
  starts: string[];
  ends: string[];
  bucket: Bucket;
  periodDays: number;
  yLabel: string;
  yFormat: (v: number) => string;
  yMin?: number;
  yMax?: number;
  /** a dashed line across the chart (the subscribed power) */
  limit?: { value: number; label: string; color: string };
  /** the bars piled up in each bucket, in the series' order from the axis up, rather than side by side */
  stacked?: boolean;
};
