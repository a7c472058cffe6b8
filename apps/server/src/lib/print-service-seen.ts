import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { retailers } from "../db/schema.ts";

/**
 * A screen of the venue printed through a print agent: it claims or marks a kitchen ticket or a
 * fiscal document only while its agent is connected. The first time is remembered for good, so a
 * venue that never set up a print service is not told that its documents wait to print.
 */
export async function notePrintServiceSeen(db: Queryable, retailerId: number): Promise<void> {
  await db
    .update(retailers)
    .set({ printServiceSeenAt: sql`now()` })
    .where(and(eq(retailers.id, retailerId), isNull(retailers.printServiceSeenAt)));
}
