// The readings store's own types. The readings themselves (CurvePoint, DailyValue, DailyMax) are
// the Linky client's, so that what the client returns is what the store takes.
export type { Curve, CurvePoint, DailyValue, DailyMax } from "@/lib/integrations/linky/data";

/** A series of the store: a load curve, or the vendor's daily totals of it. */
export type ReadingKind = "consumption" | "production" | "daily_consumption" | "daily_production";

/** Where readings came from. */
export type ReadingSource = "enedis" | "sandbox" | "import";

/** Aggregation buckets: `day` and `month` are local calendar days and months in Europe/Paris. */
export type Bucket = "30min" | "hour" | "day" | "month";

/** One bucket with data: its start, the energy summed over it, and how many readings it holds. */
export type BucketValue = { start: Date; wh: number; points: number };

/** Readings held on one local day (`YYYY-MM-DD`, Europe/Paris). */
export type DayPoints = { day: string; points: number };
