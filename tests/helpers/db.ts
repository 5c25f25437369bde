import { db } from "@/lib/db";

/** The error PostgreSQL gives for one statement, or null when it is accepted. */
export async function refusal(sql: string): Promise<string | null> {
  try {
    await db.$executeRawUnsafe(sql);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
