import { isDeepStrictEqual } from "node:util";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import {
  documents,
  kitchenTickets,
  orderProducts,
  orders,
  payments,
  staffRequestKeys,
  waiterRequests,
} from "../../../src/db/schema.ts";
import { athensToday } from "../../../src/features/stats/stats-scope.ts";
import { validateInvoicesDocs } from "../../../src/integrations/mydata/validate-xml.ts";
import type { TestListener } from "../stomp-client.ts";
import {
  activePaymentRequestAt,
  activeWaiterCallAt,
  consumptionFacts,
  DEFECT,
  moneyFacts,
  openPiecesAt,
  type PieceState,
  type ServiceModel,
  tipFacts,
} from "./model.ts";
import { type ListenerSlot, nextMessage, type World } from "./world.ts";

/**
 * The invariants the service's model-based test checks after every command, each a named function
 * whose failure says which one broke and what it saw.
 */

const FAR = () => new Date(Date.now() + 24 * 3600_000);

class InvariantBroken extends Error {
  constructor(invariant: string, detail: string) {
    super(`invariant "${invariant}" broken: ${detail}`);
  }
}

function same(invariant: string, what: string, actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new InvariantBroken(invariant, `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}

const DB_STATE: Record<PieceState, string> = {
  unpaid: "UNPAID",
  held: "UNPAID",
  paid: "PAID",
  gift: "GIFT",
  cancelled: "CANCELLED",
};

async function venuePieces(world: World) {
  return world.server.database.db.select().from(orderProducts).where(eq(orderProducts.retailerId, world.venue.venue.id));
}

/** 1. Every piece is in exactly one state, and the table feed any phone (and the waiter) reads says the same. */
export async function everyPieceInOneState(model: ServiceModel, world: World): Promise<void> {
  const name = "every piece in exactly one state";
  const db = world.server.database.db;
  const rows = await venuePieces(world);
  same(
    name,
    "the venue's pieces",
    rows.map((r) => r.id).sort((a, b) => a - b),
    [...model.pieces.keys()].sort((a, b) => a - b),
  );
  const pending = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.retailerId, world.venue.venue.id),
        eq(payments.status, "PENDING"),
        or(isNull(payments.expiresAt), gt(payments.expiresAt, new Date())),
      ),
    );
  const holders = new Map<number, number[]>();
  for (const p of pending) for (const id of p.items) holders.set(id, [...(holders.get(id) ?? []), p.id]);
  for (const row of rows) {
    const piece = model.pieces.get(row.id);
    if (!piece) continue;
    const actual = {
      paymentStatus: row.paymentStatus,
      heldBy: holders.get(row.id) ?? [],
      table: row.tableId,
      kitchen: row.status,
      discount: row.discountCents,
      price: row.unitPriceCents,
      billed: row.billed,
    };
    same(name, `piece ${row.id} (${piece.name})`, actual, {
      paymentStatus: DB_STATE[piece.state],
      heldBy: piece.state === "held" ? [piece.heldBy] : [],
      table: world.tables[piece.table].id,
      kitchen: piece.kitchen,
      discount: piece.discount,
      price: piece.price,
      billed: piece.billed,
    });
  }
  for (const [t, table] of world.tables.entries()) {
    const feeds = [await world.api.get(`/api/feed/table/${table.id}/products`, world.waiter)];
    for (const [phone, at] of world.phoneTable.entries()) {
      if (at === t) feeds.push(await world.api.get(`/api/orders/${table.id}/feed`, world.phones[phone]));
    }
    const open = openPiecesAt(model, t);
    for (const feed of feeds) {
      same(name, `${world.tableName(t)}'s feed answers`, feed.status, 200);
      const unpaidIds = feed.body.unpaidTableFeed
        .flatMap((line: any) => line.orderProductIds)
        .sort((a: number, b: number) => a - b);
      same(
        name,
        `${world.tableName(t)}'s unpaid pieces in its feed`,
        unpaidIds,
        open.map((p) => p.id).sort((a, b) => a - b),
      );
      same(
        name,
        `${world.tableName(t)}'s open bill`,
        [feed.body.totalUnpaidCount, feed.body.totalUnpaidPrice],
        [open.length, open.reduce((s, p) => s + p.price, 0)],
      );
      for (const line of feed.body.tableFeed) {
        for (const id of line.orderProductIds) {
          const piece = model.pieces.get(id);
          // A piece paid on credit is owed, and reads so on every phone (issue 28 A9).
          const owed = piece?.state === "paid" && model.payments.some((p) => p.credit > 0 && p.pieces.includes(id));
          same(
            name,
            `${world.tableName(t)}'s feed line ${line.name} piece ${id}`,
            [line.paymentStatus, line.onCredit],
            [piece && DB_STATE[piece.state], owed],
          );
        }
      }
    }
    // The phones' feed also shows the table's open requests (the waiter's has none).
    for (const feed of feeds.slice(1)) {
      same(
        name,
        `${world.tableName(t)}'s payment request shown`,
        feed.body.activePaymentRequestId != null,
        activePaymentRequestAt(model, t),
      );
      same(
        name,
        `${world.tableName(t)}'s waiter call shown`,
        feed.body.callWaiterRequestId != null,
        activeWaiterCallAt(model, t),
      );
    }
  }
}

/** 2. Per table, all pieces = paid + unpaid + gifts + cancelled, to the cent, with discounts accounted; each payment is its pieces. */
export async function piecesAddUp(model: ServiceModel, world: World): Promise<void> {
  const name = "pieces add up to the cent";
  const rows = await venuePieces(world);
  for (const [t, table] of world.tables.entries()) {
    const here = rows.filter((r) => r.tableId === table.id);
    const of = (status: string) => here.filter((r) => r.paymentStatus === status);
    const sum = (list: typeof rows, f: (r: (typeof rows)[number]) => number) => list.reduce((s, r) => s + f(r), 0);
    const all = sum(here, (r) => r.unitPriceCents);
    const paid = sum(of("PAID"), (r) => r.unitPriceCents - r.discountCents);
    const discounts = sum(here, (r) => r.discountCents);
    const parts = paid + discounts + sum(of("UNPAID"), (r) => r.unitPriceCents) + sum(of("GIFT"), (r) => r.unitPriceCents);
    same(
      name,
      `${world.tableName(t)}: all = paid + discounts + unpaid + gifts + cancelled`,
      all,
      parts + sum(of("CANCELLED"), (r) => r.unitPriceCents),
    );
    const modelHere = [...model.pieces.values()].filter((p) => p.table === t);
    same(
      name,
      `${world.tableName(t)}: all pieces`,
      all,
      modelHere.reduce((s, p) => s + p.price, 0),
    );
    same(
      name,
      `${world.tableName(t)}: paid`,
      paid,
      modelHere.filter((p) => p.state === "paid").reduce((s, p) => s + p.price - p.discount, 0),
    );
  }
  const completed = await world.server.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.retailerId, world.venue.venue.id), eq(payments.status, "COMPLETED")));
  same(
    name,
    "completed payments",
    completed.map((p) => p.id).sort((a, b) => a - b),
    model.payments.map((p) => p.id).sort((a, b) => a - b),
  );
  for (const payment of model.payments) {
    const row = completed.find((p) => p.id === payment.id);
    const pieces = payment.pieces.map((id) => model.pieces.get(id)).filter((p) => p !== undefined);
    const net = payment.gift ? 0 : pieces.reduce((s, p) => s + p.price - p.discount, 0);
    same(
      name,
      `payment ${payment.id} is its pieces`,
      [row?.amountCents, row?.items.slice().sort((a, b) => a - b)],
      [net, payment.pieces.slice().sort((a, b) => a - b)],
    );
    same(
      name,
      `payment ${payment.id} parts`,
      [row?.cashCents, row?.cardCents, row?.onCreditCents, row?.discountCents],
      [payment.cash, payment.pos + payment.online, payment.credit, payment.discount],
    );
    // The tip is kept beside the payment (issue 32), once, whatever was sent again.
    same(name, `payment ${payment.id}'s tip`, [row?.tipCents, row?.tipMethod], [payment.tip, payment.tipMethod]);
  }
}

const parseEuros = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);

/**
 * 3. Live and today's stats, the dashboard and the payments CSV equal the facts: completed payments
 * minus credit notes, per method; the consumption (productCount, which the consumption CSV and the
 * 80 mm report print) their pieces less the cancelled receipts'.
 */
export async function figuresEqualFacts(model: ServiceModel, world: World): Promise<void> {
  const name = "figures equal the facts";
  const hasNotes = model.receipts.some((r) => r.cancelled);
  // Issue 28 A2: while a credit note is not subtracted, the figures of a run that cancelled a receipt cannot be checked.
  if (hasNotes && model.openDefects.has(DEFECT.creditNoteReversesIncome)) return;
  const facts = moneyFacts(model, true);
  const pieces = [...model.pieces.values()];
  const gifts = pieces.filter((p) => p.state === "gift").reduce((s, p) => s + p.price, 0);
  const cancelledPieces = pieces.filter((p) => p.state === "cancelled").reduce((s, p) => s + p.price, 0);
  const creditNotes = model.receipts.filter((r) => r.cancelled).reduce((s, r) => s + r.total, 0);
  const expected = {
    cashTotal: facts.cash,
    posTotal: facts.pos,
    onlineTotal: facts.online,
    onCreditTotal: facts.credit,
    discountsTotal: facts.discount,
    giftsTotal: gifts,
    cancelledTotal: cancelledPieces + creditNotes,
    consumption: consumptionFacts(model),
  };
  const pick = (s: any) => ({
    cashTotal: s.cashTotal,
    posTotal: s.posTotal,
    onlineTotal: s.onlineTotal,
    onCreditTotal: s.onCreditTotal,
    discountsTotal: s.discountsTotal,
    giftsTotal: s.giftsTotal,
    cancelledTotal: s.cancelledTotal,
    consumption: Object.fromEntries(
      s.productCount.map((p: { name: string; count: number; amount: number }) => [p.name, { count: p.count, amount: p.amount }]),
    ),
  });
  // Issue 32: tips are apart from the figures above (which the facts, tips left out, must equal),
  // summed per way and per collector from the accepted tips; a credit note takes none back.
  const tips = tipFacts(model);
  const userOf = { waiter: world.venue.waiter.id, desk: world.venue.cashDesk.id, online: null } as const;
  const expectedTips = {
    cash: tips.cash,
    pos: tips.pos,
    online: tips.online,
    byWaiter: [...tips.by]
      .map(([who, t]) => ({ userId: userOf[who as keyof typeof userOf], ...t }))
      .sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0)),
  };
  const pickTips = (t: any) => ({
    cash: t.cash,
    pos: t.pos,
    online: t.online,
    byWaiter: t.byWaiter
      .map((w: any) => ({ userId: w.userId, cash: w.cash, pos: w.pos, online: w.online }))
      .sort((a: any, b: any) => (a.userId ?? 0) - (b.userId ?? 0)),
  });
  for (const [label, body] of [
    ["live stats", { live: true }],
    ["today's stats", { dateFilters: { startDate: athensToday() } }],
  ] as const) {
    const answer = await world.api.post("/api/stats", body, world.admin);
    same(name, `${label} answer`, answer.status, 200);
    same(name, label, pick(answer.body), expected);
    same(name, `${label}: the tips, per way and per collector`, pickTips(answer.body.tips), expectedTips);
  }
  const glance = await world.api.get("/api/stats/today", world.admin);
  // Issue 28 A9: a collection on credit is owed, not income: the dashboard shows it apart.
  same(
    name,
    "the dashboard's income so far and what is owed",
    [glance.body.incomeTotal, glance.body.owedTotal],
    [facts.cash + facts.pos + facts.online, facts.credit],
  );
  const csv = await fetch(`${world.server.baseUrl}/api/stats/payments.csv`, {
    method: "POST",
    headers: { authorization: `Bearer ${world.admin}`, "content-type": "application/json", "accept-language": "en" },
    body: JSON.stringify({}),
  });
  const [header, ...lines] = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  const columns = header.split(";");
  const column = (title: string) =>
    lines.filter((l) => l.length).reduce((s, l) => s + parseEuros(l.split(";")[columns.indexOf(title)]), 0);
  same(
    name,
    "the payments CSV per method",
    [column("Cash"), column("POS"), column("Online"), column("On credit")],
    [facts.cash, facts.pos, facts.online, facts.credit],
  );
  same(name, "the payments CSV's tips", column("Tip"), tips.cash + tips.pos + tips.online);
}

/** 4. With invoicing on: one receipt per completed payment, one credit note per cancelled receipt, numbers without gaps, every XML valid. */
export async function documentsMatchSales(model: ServiceModel, world: World): Promise<void> {
  const name = "documents match the sales";
  const db = world.server.database.db;
  const rows = await db.select().from(documents).where(eq(documents.retailerId, world.venue.venue.id));
  if (!model.invoicing) return same(name, "documents while invoicing is off", rows.length, 0);
  const receipts = rows.filter((d) => d.type === "RECEIPT");
  const paid = model.payments.filter((p) => !p.gift);
  same(name, "receipts per completed payment", receipts.map((d) => d.paymentId).sort(), paid.map((p) => p.id).sort());
  for (const receipt of receipts) {
    const payment = paid.find((p) => p.id === receipt.paymentId);
    same(name, `receipt ${receipt.id}'s total`, receipt.totalCents, payment?.amount);
  }
  const notes = rows.filter((d) => d.type === "CREDIT_NOTE");
  same(name, "credit notes", notes.length, model.receipts.filter((r) => r.cancelled).length);
  const series = new Map<string, number[]>();
  for (const d of rows)
    series.set(`${d.series} ${d.invoiceType}`, [...(series.get(`${d.series} ${d.invoiceType}`) ?? []), d.number]);
  for (const [key, numbers] of series) {
    same(
      name,
      `numbers of series ${key}`,
      numbers.sort((a, b) => a - b),
      numbers.map((_, i) => i + 1),
    );
  }
  // Sent first, so a credit note can name its receipt's mark.
  await world.server.fiscal.outbox.drain({ dueBy: FAR() });
  const fresh = rows.filter((d) => !world.validatedXml.has(d.id));
  const xmls = await Promise.all(fresh.map((d) => world.api.get(`/api/admin/documents/${d.id}/xml`, world.admin)));
  for (const [i, xml] of xmls.entries()) same(name, `document ${fresh[i].id}'s XML answer`, xml.status, 200);
  const validations = await validateInvoicesDocs(xmls.map((x) => x.body));
  for (const [i, v] of validations.entries()) {
    same(name, `document ${fresh[i].id} (${fresh[i].invoiceType}) against the XSD`, v.errors, []);
    world.validatedXml.add(fresh[i].id);
  }
}

/** 5. No guest's order is accepted while a payment request is active at its table (the waiter's are). */
export async function noOrderUnderPaymentRequest(model: ServiceModel, world: World): Promise<void> {
  const name = "no order under an active payment request";
  const db = world.server.database.db;
  for (const request of model.paymentRequests.filter((r) => r.active && !r.moved)) {
    const [row] = await db.select().from(waiterRequests).where(eq(waiterRequests.id, request.id));
    same(name, `payment request ${request.id} is active`, row?.status, "ACTIVE");
    const later = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.tableId, world.tables[request.table].id),
          eq(orders.senderType, "CLIENT"),
          gt(orders.createdAt, row.createdAt),
        ),
      );
    same(name, `orders at ${world.tableName(request.table)} after its payment request ${request.id}`, later, []);
  }
}

const DELIVERY_TASKS = new Set(["PREPARATION_AREA_PICKUP", "SERVICE"]);

/**
 * 6. Every kitchen ticket and pickup task names the table that now holds its pieces, and the
 * screens show exactly the cancellations no cook has acknowledged yet.
 */
export async function ticketsNameTheirTable(model: ServiceModel, world: World): Promise<void> {
  const name = "tickets and tasks name their table";
  const checkTicketTable = !model.openDefects.has(DEFECT.transferMovesTickets);
  const shown: number[] = [];
  for (const area of [world.venue.kitchen, world.venue.bar]) {
    const feed = await world.api.get(`/api/feed/kitchen?id=${area.id}`, world.desk);
    same(name, `the ${area.name} feed answers`, feed.status, 200);
    for (const ticket of feed.body.tickets) {
      for (const line of ticket.cancelledUnacknowledged) shown.push(...line.orderProductIds);
      for (const product of ticket.products) {
        for (const id of product.orderProductIds) {
          const piece = model.pieces.get(id);
          same(
            name,
            `ticket ${ticket.id}'s piece ${id} is a live piece`,
            piece !== undefined && piece.state !== "cancelled",
            true,
          );
          if (!checkTicketTable) continue;
          const table = piece ? world.tables[piece.table].id : null;
          same(name, `ticket ${ticket.id}'s ${product.name} (piece ${id})`, product.tableId, table);
        }
      }
      // A ticket follows the guests: after a transfer into an open table a paid twin can stay
      // behind at the old one, so the ticket names a table holding some of its pieces (its lines
      // name each piece's own table, checked above). A ticket left with only cancellations to
      // acknowledge carries no dish to any table.
      if (!checkTicketTable || ticket.products.length === 0) continue;
      const tables = ticket.products.flatMap((p: any) =>
        p.orderProductIds.map((id: number) => {
          const piece = model.pieces.get(id);
          return piece ? world.tables[piece.table].id : null;
        }),
      );
      same(name, `ticket ${ticket.id} names one of its pieces' tables`, tables.includes(ticket.tableId), true);
    }
  }
  // Issue 28 A9: exactly the pieces cancelled while the kitchen had them, not yet acknowledged,
  // flash on the preparation screens.
  const noticed = [...model.pieces.values()].filter((p) => p.kitchenNotice).map((p) => p.id);
  same(
    name,
    "the cancellations the screens show",
    shown.sort((a, b) => a - b),
    noticed.sort((a, b) => a - b),
  );
  const tasks = await world.api.get("/api/feed/get-employee-feed", world.admin);
  same(name, "the employee feed answers", tasks.status, 200);
  // Delivery tasks carry pieces to a table; a payment notice is about money, and follows the bill
  // to its new table while the paid pieces it names stay behind.
  for (const task of tasks.body.filter((t: any) => DELIVERY_TASKS.has(t.type))) {
    // Issue 28 A1: a pickup task is raised at the table its ticket still names.
    if (task.type === "PREPARATION_AREA_PICKUP" && !checkTicketTable) continue;
    for (const item of task.items) {
      for (const id of item.orderProductIds) {
        const piece = model.pieces.get(id);
        same(
          name,
          `${task.type} task ${task.requestId}'s piece ${id}`,
          task.placementId,
          piece ? world.tables[piece.table].id : null,
        );
      }
    }
  }
}

export const phoneView = (s: any) => ({
  sessionId: s.sessionId,
  totalUnpaidCount: s.totalUnpaidCount,
  totalUnpaidPrice: s.totalUnpaidPrice,
  activePaymentRequestId: s.activePaymentRequestId,
  callWaiterRequestId: s.callWaiterRequestId,
  lines: s.tableFeed.map((l: any) => [l.orderProductIds, l.paymentStatus, l.status]),
});

/** The pushes a screen received since its last catch-up read (all of them, for one that never dropped). */
const pushesSince = (slot: ListenerSlot) => (slot.listener as TestListener).messages.slice(slot.caughtUpAt);

/**
 * 7. What a listening phone and the cash desk received over STOMP converges to what a fresh read
 * returns: the last push, or, with none since the screen reconnected, what it re-read then. A
 * screen whose socket is down is not looked at; it is checked after its catch-up.
 */
export async function pushesConverge(_model: ServiceModel, world: World): Promise<void> {
  const name = "pushes converge to a fresh read";
  const until = Date.now() + 8000;
  for (const [t, slot] of world.phoneListeners) {
    const listener = slot.listener;
    if (!listener) continue;
    const phone = world.phoneTable.indexOf(t);
    const read = async () => phoneView((await world.api.get(`/api/orders/${world.tables[t].id}/feed`, world.phones[phone])).body);
    for (;;) {
      const fresh = await read();
      const last = pushesSince(slot).at(-1);
      // A table nobody changed yet has pushed nothing: its fresh read is the empty table.
      const seen = last ? phoneView(last) : (slot.catchUp ?? { ...fresh, sessionId: null, totalUnpaidCount: 0, lines: [] });
      if (isDeepStrictEqual(seen, fresh)) break;
      if (!(await nextMessage(listener, until))) {
        same(name, `phone at ${world.tableName(t)}: last push vs fresh read`, seen, await read());
        break;
      }
    }
  }
  const desk = world.deskListener;
  const deskListener = desk.listener;
  if (!deskListener) return;
  const deskCard = (id: number) =>
    pushesSince(desk)
      .filter((m: any) => (m.type === "CARD" && m.card.id === id) || (m.type === "REMOVED" && m.id === id))
      .at(-1) as any;
  for (const table of world.tables) {
    for (;;) {
      const fresh = (await world.api.get("/api/cash-desk/tables", world.desk)).body.find((c: any) => c.id === table.id);
      const last = deskCard(table.id);
      const caughtUp = (desk.catchUp as any[] | null)?.find((c: any) => c.id === table.id);
      const seen = last
        ? last.card
        : (caughtUp ?? { ...fresh, itemCount: 0, totalAmount: 0, unpaidAmount: 0, hasUnbilled: false, isActive: false });
      if (isDeepStrictEqual(seen, fresh)) break;
      if (!(await nextMessage(deskListener, until))) {
        same(name, `the cash desk's card of ${table.label}: last push vs fresh read`, seen, fresh);
        break;
      }
    }
  }
}

/**
 * 8. The waiter's delivery cards hold exactly the live pieces waiting for the waiter, each once: a
 * kitchen's or bar's prepared piece, a waiter-served piece not yet delivered. A pickup card is one
 * trip: all its pieces are of one table session, and no two cards share table, area and session,
 * however many ticks and tickets the pieces came in (issue 31).
 */
export async function oneCardPerTrip(model: ServiceModel, world: World): Promise<void> {
  const name = "one card per trip";
  const tasks = await world.api.get("/api/feed/get-employee-feed", world.admin);
  same(name, "the employee feed answers", tasks.status, 200);
  const carried: number[] = [];
  const trips = new Set<string>();
  for (const task of tasks.body.filter((t: any) => DELIVERY_TASKS.has(t.type))) {
    const ids: number[] = task.items.flatMap((item: any) => item.orderProductIds);
    carried.push(...ids);
    if (task.type !== "PREPARATION_AREA_PICKUP") continue;
    const sessions = [...new Set(ids.map((id) => model.pieces.get(id)?.session))];
    same(name, `pickup ${task.requestId}'s pieces ${JSON.stringify(ids)} are of one table session`, sessions.length, 1);
    const trip = `${task.placementId}:${task.preparationAreaId}:${sessions[0]}`;
    same(name, `pickup ${task.requestId} is the only open card of its table, area and session`, trips.has(trip), false);
    trips.add(trip);
  }
  const waiting = [...model.pieces.values()]
    .filter((p) => p.state !== "cancelled" && (p.hasArea ? p.kitchen === "PREPARED" : p.kitchen !== "COMPLETE"))
    .map((p) => p.id);
  same(
    name,
    "the pieces on delivery cards",
    carried.sort((a, b) => a - b),
    waiting.sort((a, b) => a - b),
  );
}

/**
 * 9. Nothing exists twice because an action was sent again (issue 31): the venue's payments, orders
 * and kitchen tickets are exactly those the commands made, one per action however often it was
 * sent; no order key names two orders, and every key the server accepted holds one row.
 */
export async function nothingTwiceByReplay(model: ServiceModel, world: World): Promise<void> {
  const name = "nothing twice by a replay";
  const db = world.server.database.db;
  const venue = world.venue.venue.id;
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  const paymentRows = await db.select({ id: payments.id }).from(payments).where(eq(payments.retailerId, venue));
  same(name, "the venue's payments", sorted(paymentRows.map((r) => r.id)), sorted(model.paymentIds));
  const orderRows = await db
    .select({ id: orders.id, key: orders.idempotencyKey })
    .from(orders)
    .where(eq(orders.retailerId, venue));
  same(name, "the venue's orders", sorted(orderRows.map((r) => r.id)), sorted(model.orderIds));
  const byKey = new Map<string, number[]>();
  for (const row of orderRows) if (row.key) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.id]);
  for (const [key, ids] of byKey) same(name, `orders with key ${key}`, ids.length, 1);
  const ticketRows = await db.select({ id: kitchenTickets.id }).from(kitchenTickets).where(eq(kitchenTickets.retailerId, venue));
  const ticketsOfPieces = new Set([...model.pieces.values()].flatMap((p) => (p.ticketId == null ? [] : [p.ticketId])));
  same(name, "the venue's kitchen tickets", sorted(ticketRows.map((r) => r.id)), sorted(ticketsOfPieces));
  const keyRows = await db
    .select({ key: staffRequestKeys.key, status: staffRequestKeys.replyStatus })
    .from(staffRequestKeys)
    .where(eq(staffRequestKeys.retailerId, venue));
  for (const sent of model.sent) {
    same(
      name,
      `the stored answers of key ${sent.request.key} (${sent.what})`,
      keyRows.filter((r) => r.key === sent.request.key).map((r) => r.status),
      [sent.status],
    );
  }
}

export const INVARIANTS = [
  everyPieceInOneState,
  piecesAddUp,
  figuresEqualFacts,
  documentsMatchSales,
  noOrderUnderPaymentRequest,
  ticketsNameTheirTable,
  pushesConverge,
  oneCardPerTrip,
  nothingTwiceByReplay,
];

export async function checkInvariants(model: ServiceModel, world: World): Promise<void> {
  for (const invariant of INVARIANTS) await invariant(model, world);
}
