import type { BillLine, TableBill } from "@tableorder/domain/contracts/cash-desk";
import type { ServiceMode } from "@tableorder/domain/enums";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderProducts, retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { issueOrderSlip } from "../../lib/issue-documents.ts";
import { lockTables, openSession } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadDeskTable } from "./desk-table.ts";

type UnitRow = typeof orderProducts.$inferSelect;

/** A bill line's wording: the product with its chosen preparation and extras, as the kitchen saw it. */
function lineName(unit: UnitRow): string {
  const { preparationWay, extraIngredients, removedIngredients } = unit.options;
  const details = [
    ...(preparationWay ? [preparationWay.name] : []),
    ...extraIngredients.map((e) => `+${e.name}`),
    ...removedIngredients.map((r) => `χωρίς ${r.name}`),
  ];
  return details.length ? `${unit.productName} (${details.join(", ")})` : unit.productName;
}

/**
 * The bill analysis (spec 3 §9): every piece not cancelled, identical pieces at one price on one
 * line, a gift at 0; the discounts already given are shown apart and taken off the total.
 */
export function analyseBill(units: readonly UnitRow[]): Pick<TableBill, "lines" | "discountAmount" | "totalAmount"> {
  const lines = new Map<string, BillLine>();
  let discountAmount = 0;
  for (const unit of units) {
    if (unit.paymentStatus === "CANCELLED") continue;
    const isGift = unit.paymentStatus === "GIFT";
    const unitPrice = isGift ? 0 : unit.unitPriceCents;
    if (!isGift) discountAmount += unit.discountCents;
    const name = lineName(unit);
    const key = `${name}|${unitPrice}|${isGift}`;
    const line = lines.get(key) ?? { name, quantity: 0, unitPrice, amount: 0, isGift };
    line.quantity += 1;
    line.amount += unitPrice;
    lines.set(key, line);
  }
  const all = [...lines.values()];
  return { lines: all, discountAmount, totalAmount: all.reduce((sum, l) => sum + l.amount, 0) - discountAmount };
}

/**
 * Bills a table or take-away at the till (spec 3 §2.3, PUT api/cash-desk/table/{id}/bill): in
 * one transaction under the table's row lock, the open bill's pieces not cancelled and not yet
 * billed become billed (a conditional update, so two tills billing at once bill each piece once:
 * the second finds nothing_to_bill), and the whole open bill is answered for printing.
 *
 * With invoicing on, the order slip (8.6) of the billed pieces is issued here, in the same
 * transaction (lib/issue-documents.ts).
 */
export async function billTable(options: {
  db: Db;
  events: EventBus;
  retailerId: number;
  tableId: number;
  /** Who billed, named on the order slip. */
  userId?: number | null;
}): Promise<TableBill> {
  const { db, retailerId, tableId } = options;
  const table = await loadDeskTable(db, retailerId, tableId);
  const bill = await db.transaction(async (tx) => {
    await lockTables(tx, [tableId]);
    const session = await openSession(tx, tableId);
    if (!session) throw new AppError("nothing_to_bill", 400);
    const billed = await tx
      .update(orderProducts)
      .set({ billed: true })
      .where(
        and(
          eq(orderProducts.sessionId, session.id),
          eq(orderProducts.billed, false),
          ne(orderProducts.paymentStatus, "CANCELLED"),
        ),
      )
      .returning({ id: orderProducts.id });
    if (!billed.length) throw new AppError("nothing_to_bill", 400);
    // The restaurant order slip (8.6) of the pieces billed now, unless each order had its own.
    await issueOrderSlip(tx, {
      at: "bill",
      retailerId,
      tableId,
      unitIds: billed.map((u) => u.id),
      userId: options.userId ?? null,
    });
    const units = await tx
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.sessionId, session.id))
      .orderBy(asc(orderProducts.id));
    const [venue] = await tx.select({ name: retailers.name }).from(retailers).where(eq(retailers.id, retailerId));
    return { billedCount: billed.length, units, venueName: venue.name, billedAt: new Date() };
  });
  await options.events.publish({ type: "table.changed", retailerId, tableId });
  const serviceMode: ServiceMode = table.kind === "TAKE_AWAY" ? "TAKE_AWAY" : "DINE_IN";
  return {
    tableId,
    tableName: table.label,
    serviceMode,
    venueName: bill.venueName,
    billedAt: bill.billedAt.toISOString(),
    ...analyseBill(bill.units),
    billedCount: bill.billedCount,
  };
}
