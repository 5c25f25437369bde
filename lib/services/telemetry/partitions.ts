// The telemetry tables' partitions (prisma/migrations/20261206140000_telemetry): samples by UTC
// day, kept SAMPLE_DAYS; minutes by month, kept MINUTE_MONTHS; made three days ahead. Run at start
// and hourly by every process that runs telemetry (idempotent).
import { db } from "@/lib/db";

const SAMPLE_DAYS = 10;
const MINUTE_MONTHS = 25;

export async function keepPartitions(): Promise<void> {
  await db.$executeRaw`SELECT telemetry.keep_partitions(current_date - ${SAMPLE_DAYS}::int, current_date + 3, ${SAMPLE_DAYS}::int, ${MINUTE_MONTHS}::int)`;
}
