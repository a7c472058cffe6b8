import type { StaffTableFeed } from "@tableorder/domain/contracts/waiter";
import type { Language } from "@tableorder/domain/enums";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Queryable } from "../../db/client.ts";
import { cardTerminals, orderProducts, payments, tableSessions } from "../../db/schema.ts";
import { loadCreditDebtors } from "../../lib/credit-debtors.ts";
import { heldPayments } from "../../lib/settle-payment.ts";
import { groupFeedItems, sumCents } from "../../lib/table-feed.ts";

/**
 * A table's feed as staff read it (spec 2 §7): every line of its open session and what is unpaid,
 * and (beyond the spec) the card sales of its pieces waiting at a terminal, so a waiter or the
 * cash desk sees why those pieces cannot be collected and can cancel the sale.
 */
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
  const credits = await loadCreditDebtors(
    db,
    units.map((u) => u.paymentId),
  );
  const waiting = session
    ? await db
        .select({ payment: payments, terminalName: cardTerminals.friendlyName })
        .from(payments)
        .innerJoin(cardTerminals, eq(cardTerminals.id, payments.cardTerminalId))
        .where(and(eq(payments.sessionId, session.id), eq(payments.status, "PENDING"), isNotNull(payments.cardTerminalId)))
        .orderBy(asc(payments.id))
    : [];
  return {
    tableId: table.id,
    label: table.label,
    sessionId: session?.id ?? null,
    terminalSales: waiting.map(({ payment, terminalName }) => ({
      paymentId: payment.id,
      amount: payment.cardCents,
      terminalName,
      startedAt: payment.createdAt.toISOString(),
      pieceCount: payment.items.length,
    })),
    tableFeed: groupFeedItems(units, options.lang, credits),
    unpaidTableFeed: groupFeedItems(unpaid, options.lang, credits),
    totalUnpaidCount: unpaid.length,
    totalUnpaidPrice: sumCents(unpaid),
    heldPayments: session ? await heldPayments(db, table.id, new Date()) : [],
  };
}
