import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { documents, kitchenTickets, preparationAreas } from "../../db/schema.ts";
import { printLeaseIsHeld } from "../../lib/print-lease.ts";
import { awaitsPrint } from "../cash-desk/documents-to-print.ts";
import type { PrintJobCounts } from "./metrics.ts";

/**
 * What waits to be printed in every venue: the open, unprinted tickets of areas that print
 * automatically (their screens print each one as it arrives), and the documents the tills have
 * still to print. Claimed ones are held by a screen's print lease. Two counts over partial or
 * narrow indexes (kitchen_tickets_area_open, documents_to_print), read at a scrape.
 */
export async function countPrintJobs(db: Db): Promise<PrintJobCounts> {
  const counts = (held: ReturnType<typeof printLeaseIsHeld>) => ({
    all: sql<number>`count(*)`.mapWith(Number),
    claimed: sql<number>`count(*) filter (where ${held})`.mapWith(Number),
  });
  const [[tickets], [documentsToPrint]] = await Promise.all([
    db
      .select(counts(printLeaseIsHeld(kitchenTickets)))
      .from(kitchenTickets)
      .innerJoin(preparationAreas, eq(preparationAreas.id, kitchenTickets.preparationAreaId))
      .where(and(eq(preparationAreas.autoPrint, true), eq(kitchenTickets.printed, false), isNull(kitchenTickets.completedAt))),
    db
      .select(counts(printLeaseIsHeld(documents)))
      .from(documents)
      .where(awaitsPrint()),
  ]);
  return {
    ticket: { waiting: tickets.all - tickets.claimed, claimed: tickets.claimed },
    document: { waiting: documentsToPrint.all - documentsToPrint.claimed, claimed: documentsToPrint.claimed },
  };
}
