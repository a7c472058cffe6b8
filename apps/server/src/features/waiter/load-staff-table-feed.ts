import type { StaffTableFeed } from "@tableorder/domain/contracts/waiter";
import type { Language } from "@tableorder/domain/enums";
import { and, asc, eq } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Queryable } from "../../db/client.ts";
import { orderProducts, tableSessions } from "../../db/schema.ts";
import { heldPayments } from "../../lib/settle-payment.ts";
import { groupFeedItems, sumCents } from "../../lib/table-feed.ts";

/** A table's feed as staff read it (spec 2 §7): every line of its open session and what is unpaid. */
export async function loadStaffTableFeed(
  db: Queryable,
  options: { principal: Principal; tableId: number; lang: Language },
): Promise<StaffTableFeed> {
  const table = await authorizeTable(db, options.principal, options.tableId);
  const [session] = await db
    .select({ id: tableSessions.id })
    .from(tableSessions)
    .where(and(eq(tableSessions.tableId, table.id), eq(tableSessions.status, "OPEN")))
    .limit(1);
  const units = session
    ? await db.select().from(orderProducts).where(eq(orderProducts.sessionId, session.id)).orderBy(asc(orderProducts.id))
    : [];
  const unpaid = units.filter((u) => u.paymentStatus === "UNPAID");
  return {
    tableId: table.id,
    label: table.label,
    sessionId: session?.id ?? null,
    tableFeed: groupFeedItems(units, options.lang),
    unpaidTableFeed: groupFeedItems(unpaid, options.lang),
    totalUnpaidCount: unpaid.length,
    totalUnpaidPrice: sumCents(unpaid),
    heldPayments: session ? await heldPayments(db, table.id, new Date()) : [],
  };
}
