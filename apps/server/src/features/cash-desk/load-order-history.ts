import type { HistoryProduct, HistoryTicket } from "@tableorder/domain/contracts/cash-desk";
import type { PaymentStatus, ServiceMode } from "@tableorder/domain/enums";
import { and, asc, desc, eq, gte, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import {
  diningTables,
  kitchenTickets,
  orderProducts,
  orders,
  payments,
  products,
  type RegisterSectionRow,
} from "../../db/schema.ts";
import { loadCreditDebtors } from "../../lib/credit-debtors.ts";
import { VENUE_TIME_ZONE } from "./business-day.ts";

type OrderRow = typeof orders.$inferSelect;
type UnitRow = Pick<
  typeof orderProducts.$inferSelect,
  "orderId" | "productName" | "unitPriceCents" | "paymentStatus" | "discountCents"
> & {
  creditNote?: string;
  /** Set for a piece whose collection left money on credit (lib/credit-debtors.ts): who owes it. */
  onCredit?: { debtor: string | null };
};

/**
 * The credit note that cancelled the receipt of a payment's goods or services, if any: a payment
 * has one receipt per kind (11.1 goods, 11.2 services), each cancelled on its own.
 */
type CreditNotes = Map<string, string>;
const creditNoteKey = (paymentId: number, productType: string | null) =>
  `${paymentId}|${productType === "SERVICE" ? "11.2" : "11.1"}`;

/** A register section as the history names it: its VAT rate ("ΦΠΑ 24%"). */
const sectionName = (section: RegisterSectionRow) => `ΦΠΑ ${section.sectionVat}%`;

/** A register sale's sections are paid when its payment is (a listed one is unpaid only when REFUND_DUE). */
const saleStatus = (paymentStatus: string | null): PaymentStatus => (paymentStatus === "COMPLETED" ? "PAID" : "UNPAID");

/**
 * An order's pieces as the history shows them: identical pieces (name, price, state) counted on one
 * product. Pieces left on credit are owed, not paid (issue 28 A9), each debtor's on a product of its own.
 */
function groupUnits(units: readonly UnitRow[]): HistoryProduct[] {
  const products = new Map<string, HistoryProduct>();
  for (const unit of units) {
    const hasDiscount = unit.discountCents > 0;
    const cancelled = unit.paymentStatus === "PAID" && unit.creditNote != null;
    const credit = unit.paymentStatus === "PAID" && !cancelled ? unit.onCredit : undefined;
    const key = [
      unit.productName,
      unit.unitPriceCents,
      unit.paymentStatus,
      hasDiscount,
      unit.creditNote,
      credit ? `credit:${credit.debtor ?? ""}` : "",
    ].join("|");
    const product = products.get(key) ?? {
      name: unit.productName,
      price: unit.unitPriceCents,
      quantity: 0,
      paymentStatus: cancelled ? "CANCELLED" : (unit.paymentStatus as PaymentStatus),
      onCredit: credit != null,
      creditDebtor: credit?.debtor ?? null,
      hasDiscount,
      ...(cancelled ? { creditNote: unit.creditNote } : {}),
    };
    product.quantity += 1;
    products.set(key, product);
  }
  return [...products.values()];
}

interface HistoryFacts {
  order: OrderRow;
  tableName: string | null;
  payment: { status: string; discountCents: number; id?: number } | null;
  units: UnitRow[];
  creditNotes?: CreditNotes;
  tickets: { printed: boolean }[];
}

/**
 * A sale as the history shows it (spec 3 §3 history ticket): an order with its pieces grouped
 * into products, printed when it has kitchen tickets and every one was printed; or a register
 * sale (isRegistered) whose products are its VAT sections. quantity counts pieces (sections).
 * Pieces whose receipt was cancelled read CANCELLED with the credit note's number (issue 28 A2).
 */
export function presentHistoryTicket({ order, tableName, payment, units, tickets, creditNotes }: HistoryFacts): HistoryTicket {
  const register = order.kind === "REGISTER";
  const products: HistoryProduct[] = register
    ? (order.sections ?? []).map((section) => {
        const creditNote =
          payment?.id == null ? undefined : creditNotes?.get(creditNoteKey(payment.id, section.sectionType ?? null));
        const status = saleStatus(payment?.status ?? null);
        return {
          name: sectionName(section),
          price: section.sectionAmount,
          quantity: 1,
          paymentStatus: status === "PAID" && creditNote ? "CANCELLED" : status,
          // The register sells for cash or card only: nothing of it is on credit.
          onCredit: false,
          creditDebtor: null,
          hasDiscount: (payment?.discountCents ?? 0) > 0,
          ...(status === "PAID" && creditNote ? { creditNote } : {}),
        };
      })
    : groupUnits(units);
  return {
    id: order.id,
    ticketId: order.id,
    timestamp: order.createdAt.toISOString(),
    serviceMode: order.serviceMode as ServiceMode,
    tableName: tableName ?? "",
    quantity: products.reduce((sum, p) => sum + p.quantity, 0),
    isRegistered: register,
    isPrinted: !register && tickets.length > 0 && tickets.every((t) => t.printed),
    products,
  };
}

/**
 * A register sale is in the history once its payment is no longer waiting at a terminal or failed
 * there. Its only payment is the sale: a card declined, aborted or timed out sold nothing, and a
 * cashier who retries in cash must not find an "Απλήρωτο" twin of the sale for good (issue 28 A3).
 * The payments row keeps the terminal's failure for the back office. A mismatch taken by the card
 * (REFUND_DUE) stays listed, unpaid, for somebody to sort out.
 */
const isRegisterSaleMade = or(ne(orders.kind, "REGISTER"), notInArray(payments.status, ["PENDING", "FAILED"]));

/**
 * The venue's sales, newest first (GET api/admin/order-history): those made on the calendar days from startDate to endDate
 * (Europe/Athens), or the named ones (a projection's changed tickets). Four reads whatever the
 * number of sales: orders, their pieces, their kitchen tickets.
 */
export async function loadHistoryTickets(
  db: Queryable,
  retailerId: number,
  scope: { startDate: string; endDate: string } | { orderIds: number[] },
): Promise<HistoryTicket[]> {
  if ("orderIds" in scope && !scope.orderIds.length) return [];
  const within =
    "orderIds" in scope
      ? inArray(orders.id, scope.orderIds)
      : and(
          gte(orders.createdAt, sql`(${scope.startDate}::date)::timestamp at time zone ${VENUE_TIME_ZONE}`),
          lt(orders.createdAt, sql`(${scope.endDate}::date + 1)::timestamp at time zone ${VENUE_TIME_ZONE}`),
        );
  const found = await db
    .select({
      order: orders,
      tableName: diningTables.label,
      paymentId: payments.id,
      paymentStatus: payments.status,
      paymentDiscount: payments.discountCents,
    })
    .from(orders)
    .leftJoin(diningTables, eq(diningTables.id, orders.tableId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.retailerId, retailerId), within, isRegisterSaleMade))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (!found.length) return [];
  const orderIds = found.filter((f) => f.order.kind !== "REGISTER").map((f) => f.order.id);
  const units = orderIds.length
    ? await db
        .select({
          orderId: orderProducts.orderId,
          productName: orderProducts.productName,
          unitPriceCents: orderProducts.unitPriceCents,
          paymentStatus: orderProducts.paymentStatus,
          discountCents: orderProducts.discountCents,
          paymentId: orderProducts.paymentId,
          productType: products.type,
        })
        .from(orderProducts)
        .leftJoin(products, eq(products.id, orderProducts.productId))
        .where(inArray(orderProducts.orderId, orderIds))
        .orderBy(asc(orderProducts.id))
    : [];
  const tickets = orderIds.length
    ? await db
        .select({ orderId: kitchenTickets.orderId, printed: kitchenTickets.printed })
        .from(kitchenTickets)
        .where(inArray(kitchenTickets.orderId, orderIds))
    : [];
  const paymentIds = [
    ...new Set([...found.map((f) => f.paymentId), ...units.map((u) => u.paymentId)].filter((id) => id != null)),
  ];
  const creditNotes: CreditNotes = new Map();
  if (paymentIds.length) {
    const notes = (await db.execute(sql`select n.payment_id, r.invoice_type, n.series, n.number
      from documents n join documents r on r.id = n.correlated_document_id
      where n.retailer_id = ${retailerId} and n.invoice_type = '11.4'
        and n.payment_id in (${sql.join(
          paymentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`)) as unknown as { rows: { payment_id: number; invoice_type: string; series: string; number: number }[] };
    for (const n of notes.rows) creditNotes.set(`${n.payment_id}|${n.invoice_type}`, `${n.series}-${n.number}`);
  }
  const credits = await loadCreditDebtors(
    db,
    units.map((u) => u.paymentId),
  );
  const withNotes = units.map((u) => ({
    ...u,
    creditNote: u.paymentId == null ? undefined : creditNotes.get(creditNoteKey(u.paymentId, u.productType)),
    onCredit: u.paymentId != null && credits.has(u.paymentId) ? { debtor: credits.get(u.paymentId) ?? null } : undefined,
  }));
  const byOrder = <T extends { orderId: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      const group = map.get(item.orderId) ?? [];
      group.push(item);
      map.set(item.orderId, group);
    }
    return map;
  };
  const unitsOf = byOrder(withNotes);
  const ticketsOf = byOrder(tickets);
  return found.map((f) =>
    presentHistoryTicket({
      order: f.order,
      tableName: f.tableName,
      payment:
        f.paymentStatus == null
          ? null
          : { status: f.paymentStatus, discountCents: f.paymentDiscount ?? 0, id: f.paymentId ?? undefined },
      units: unitsOf.get(f.order.id) ?? [],
      creditNotes,
      tickets: ticketsOf.get(f.order.id) ?? [],
    }),
  );
}
