import { basePriceFor } from "@tableorder/domain/availability";
import type { OrderProductSent } from "@tableorder/domain/contracts/orders";
import type { SenderType, ServiceMode, Translations } from "@tableorder/domain/enums";
import { itemUnitPriceCents } from "@tableorder/domain/pricing";
import { and, eq, sql } from "drizzle-orm";
import { staffRetailerId } from "../../auth/guards.ts";
import { authorizeTable, tableFacts } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { jsonValue } from "../../db/json-value.ts";
import { kitchenTickets, type OrderedOptions, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { ownKeyRepeated } from "../../lib/idempotent-requests.ts";
import { issueOrderSlip, issuesOrderSlipPerOrder } from "../../lib/issue-documents.ts";
import { KeyedBatcher } from "../../lib/keyed-batcher.ts";
import { type GuestOrderingClosed, loadTablesOutOfService } from "../../lib/tables-out-of-service.ts";
import type { VenueCache } from "../../lib/venue-cache.ts";
import type { EventBus, TicketFacts } from "../../realtime/types.ts";
import { loadOrderableCatalog, type OptionRow, type OrderableCatalog, type ProductRow } from "./orderable-catalog.ts";

export interface SentOrder {
  orderId: number;
  ticketIds: number[];
}

/** The roles that may order (the route table admits no other; the operator orders nowhere). */
const SENDER_BY_ROLE: Record<Exclude<Principal["role"], "OPERATOR">, SenderType> = {
  USER: "CLIENT",
  WAITER: "WAITER",
  CASH_DESK: "CASH_DESK",
  ADMIN: "CASH_DESK",
  COOK: "WAITER",
};

/** What the kitchen and the bill see of one line: its options by name, frozen now. */
function resolveOptions(product: ProductRow, options: OptionRow[], line: OrderProductSent): OrderedOptions {
  const own = (kind: string) => options.filter((o) => o.productId === product.id && o.kind === kind);
  const ways = own("PREPARATION_WAY");
  const basics = own("BASIC_INGREDIENT");
  const extras = own("EXTRA_INGREDIENT");
  const pick = (pool: OptionRow[], ids: readonly number[]) =>
    [...new Set(ids)].map((id) => {
      const option = pool.find((o) => o.id === id);
      if (!option) throw new AppError("unknown_product_option", 400, { productId: product.id, optionId: id });
      return option;
    });
  // A product with preparation ways always has one chosen; the first is the default (spec 1 §4).
  const wayId = line.preparationWay ?? ways[0]?.id ?? null;
  const [way] = wayId == null ? [] : pick(ways, [wayId]);
  const kept = pick(basics, line.basicIngredientIds);
  const chosenExtras = pick(extras, line.extraIngredientIds);
  const brief = (o: OptionRow) => ({ id: o.id, name: o.name, nameEng: o.nameEng, nameTranslations: o.nameTranslations });
  return {
    preparationWay: way ? { ...brief(way), priceCents: way.priceCents } : null,
    basicIngredients: kept.map(brief),
    removedIngredients: basics.filter((b) => !kept.includes(b)).map(brief),
    extraIngredients: chosenExtras.map((o) => ({ ...brief(o), priceCents: o.priceCents })),
  };
}

/** One piece as it is written: priced and with its options frozen. */
interface UnitToWrite {
  productId: number;
  areaId: number | null;
  name: string;
  nameEng: string | null;
  nameTranslations: Translations;
  priceCents: number;
  options: OrderedOptions;
  notes: string;
  isGifted: boolean;
}

interface OrderToWrite {
  retailerId: number;
  tableId: number;
  senderType: SenderType;
  userId: number;
  /** Set for a guest, who may only order at a table they are checked in to. */
  guestUserId: number | null;
  serviceMode: ServiceMode;
  idempotencyKey: string | null;
  /** The preparation areas of the order, in the order their tickets are numbered. */
  areaIds: number[];
  units: UnitToWrite[];
  /** The venue issues an order slip (8.6) with every order: then it is written in the order's transaction. */
  withOrderSlip: boolean;
}

interface WrittenOrder {
  kind: "written";
  orderId: number;
  tableName: string;
  /** When the order, its tickets and units were written (ISO 8601, UTC). */
  createdAt: string;
  tickets: { id: number; areaId: number; number: number }[];
  /** The units' ids, in the order of `OrderToWrite.units`. */
  unitIds: number[];
  sender: { firstName: string | null; lastName: string | null };
}

type WriteOutcome =
  | WrittenOrder
  | { kind: "repeated" }
  | { kind: "no-session" }
  | { kind: "not-allowed" }
  | { kind: "payment-requested" };

/** What `write_order` answers for one order (both drivers answer raw SQL with { rows }). */
interface WriteRow {
  order_id: number | null;
  table_name: string | null;
  sessions: number | string;
  created_at: string;
  tickets: WrittenOrder["tickets"] | string;
  unit_ids: number[] | string;
  sender: WrittenOrder["sender"] | string;
  payment_requested: boolean;
}

/** Orders waiting to be written, gathered per lane of venues (see createOrderWrites). */
export interface OrderWrites {
  add(order: OrderToWrite): Promise<WriteRow>;
}

/** Most orders written by one statement; a burst beyond it goes in the batches after. */
const MAX_ORDERS_PER_STATEMENT = 50;

/**
 * Statements writing orders at once per instance. Each venue belongs to one lane (its id modulo
 * this), so a venue's orders are still written one statement at a time. Fewer lanes make larger
 * statements: on the 2-core machine of docs/performance.md, 2 lanes took 0.71-0.72 ms of the
 * database's CPU per order at 1,000 orders/s over 20 venues, 4 lanes 0.78-0.81, a lane per venue
 * 0.95-1.08. Instances multiply them: each has its own.
 */
const ORDER_WRITE_LANES = 2;

/**
 * Where an instance's orders are written: each lane's orders one statement at a time, the orders
 * that arrive while one is under way together in the next (`KeyedBatcher`). A venue's orders wait
 * for each other anyway, on the venue row that numbers their tickets, which stays locked until
 * the commit; written together they share that wait, the commit and its flush to disk, the round
 * trip, and the database's work per statement. Orders of several venues share a statement too
 * (a lane holds many venues): with the load spread over 20 venues, statements of one venue each
 * carried a few orders, and the database's CPU per order was almost twice that of one busy venue.
 * A quiet moment's order goes at once, alone.
 *
 * A statement locks the rows of its venues in ascending id (`inVenueOrder`), so two instances'
 * statements that share venues wait for each other instead of deadlocking.
 */
export function createOrderWrites(db: Db): OrderWrites {
  const lanes = new KeyedBatcher<number, OrderToWrite, WriteRow>(
    (_lane, batch) => inVenueOrder(batch, (sorted) => executeWriteOrders(db, sorted)),
    MAX_ORDERS_PER_STATEMENT,
  );
  return { add: (order) => lanes.add(order.retailerId % ORDER_WRITE_LANES, order) };
}

/**
 * Runs `write` on the orders sorted by venue (stably: a venue's orders keep their arrival order,
 * which numbers their tickets) and answers its rows in the orders' own order.
 */
export async function inVenueOrder<Order extends { retailerId: number }, Row>(
  orders: Order[],
  write: (sorted: Order[]) => Promise<Row[]>,
): Promise<Row[]> {
  const positions = orders.map((_, i) => i).sort((a, b) => orders[a].retailerId - orders[b].retailerId || a - b);
  const rows = await write(positions.map((i) => orders[i]));
  const answered = new Array<Row>(orders.length);
  for (const [sortedIndex, position] of positions.entries()) answered[position] = rows[sortedIndex];
  return answered;
}

/**
 * Writes an order with the function `write_order` (migration 0007): the table's open session (opened by this order when there is
 * none, spec 1 §4), the order, one kitchen ticket per preparation area numbered from the venue's
 * counter, one unit per piece, and a SERVICE task for the pieces no area makes (the waiter serves
 * them). It runs in a statement of its own or with other orders of the venue (createOrderWrites);
 * one statement is one transaction and one round trip, which is what makes an order cheap on the
 * embedded database, where each statement costs about as much as its work.
 * - Who may order is part of the statement: the table must be live and of the venue, and a guest
 *   checked in to it; otherwise nothing is written (`not-allowed`) and the caller finds out why.
 * - The table row is share-locked, so a delete of the table waits for the order or, if it came
 *   first, leaves nothing to open.
 * - The idempotency key is decided by its unique index: a repeat inserts no order (`repeated`),
 *   and then nothing else is written, nor is a session opened for it.
 * - Two first orders racing for a table meet at the unique index of open sessions; the one that
 *   lost gets `no-session` and runs again, when the winner's session is visible. Two in one
 *   statement do not race: each call sees what the calls before it wrote.
 * - A guest's order is refused while a payment request is active at the table
 *   (`payment-requested`, migration 0020): the waiter's payment task would miss it. The check
 *   follows the table row's lock, which requestPayment holds while it writes, so the two never
 *   cross. A retried send whose first attempt went through still answers that order. Staff orders
 *   go through: the waiter is the one collecting (spec 2 says nothing against it).
 * - The venue row is locked by the counter's update only when there are tickets to number.
 * A venue that issues an order slip with every order gets it in the same transaction (a sale is
 * never without its document), at the price of a second statement; such orders go alone.
 */
async function writeOrder(db: Db, writes: OrderWrites, order: OrderToWrite): Promise<WriteOutcome> {
  if (!order.withOrderSlip) return outcomeOf(db, order, await writes.add(order));
  return db.transaction(async (tx) => {
    const [row] = await executeWriteOrders(tx, [order]);
    const outcome = await outcomeOf(tx, order, row);
    if (outcome.kind === "written") {
      await issueOrderSlip(tx, {
        at: "order",
        retailerId: order.retailerId,
        tableId: order.tableId,
        unitIds: outcome.unitIds,
        // A guest's order names nobody: staff never see guests' personal data.
        userId: order.guestUserId == null ? order.userId : null,
      });
    }
    return outcome;
  });
}

/** Calls `write_order` once per order, in the order given, in one statement; one row per order. */
async function executeWriteOrders(db: Queryable, batch: OrderToWrite[]): Promise<WriteRow[]> {
  const calls = batch.map((order) => ({
    tableId: order.tableId,
    retailerId: order.retailerId,
    guestUserId: order.guestUserId,
    userId: order.userId,
    idempotencyKey: order.idempotencyKey,
    senderType: order.senderType,
    serviceMode: order.serviceMode,
    areaIds: `{${order.areaIds.join(",")}}`,
    units: order.units.map((u, index) => ({ ...u, position: index })),
  }));
  // The statement lives in the database (migration 0007), where it costs a third of what it costs
  // sent as text on the embedded database. A volatile function's statements each see what the
  // calls before them wrote, and the lateral join calls it row by row, in the array's order.
  const result = (await db.execute(sql`
    select w.* from jsonb_array_elements(${JSON.stringify(calls)}::jsonb) with ordinality as call(args, position)
    cross join lateral write_order((args->>'tableId')::int, (args->>'retailerId')::int, (args->>'guestUserId')::int,
      (args->>'userId')::int, args->>'idempotencyKey', args->>'senderType', args->>'serviceMode', (args->>'areaIds')::int[],
      args->'units') w
    order by call.position
  `)) as unknown as { rows: WriteRow[] };
  return result.rows;
}

async function outcomeOf(db: Queryable, order: OrderToWrite, row: WriteRow): Promise<WriteOutcome> {
  if (row.payment_requested) return { kind: "payment-requested" };
  if (row.table_name == null) return { kind: "not-allowed" };
  if (row.order_id != null) {
    return {
      kind: "written",
      orderId: Number(row.order_id),
      tableName: row.table_name,
      createdAt: row.created_at,
      // Ids grow in the order rows were inserted: tickets as their areas were listed, units by position.
      tickets: jsonValue(row.tickets),
      unitIds: jsonValue(row.unit_ids),
      sender: jsonValue(row.sender),
    };
  }
  return Number(row.sessions) > 0 || (await isRepeat(db, order.userId, order.idempotencyKey))
    ? { kind: "repeated" }
    : { kind: "no-session" };
}

async function isRepeat(db: Queryable, userId: number, idempotencyKey: string | null): Promise<boolean> {
  if (idempotencyKey == null) return false;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sentByUserId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return order !== undefined;
}

/** The new order's kitchen tickets with everything the cooks' screens show, built from what was written. */
function ticketFacts(order: OrderToWrite, written: WrittenOrder, catalog: OrderableCatalog): TicketFacts[] {
  const units = order.units.map((unit, index) => ({ ...unit, id: written.unitIds[index] }));
  return written.tickets.map((ticket) => ({
    id: ticket.id,
    areaId: ticket.areaId,
    ticketNumber: ticket.number,
    createdAt: written.createdAt,
    serviceMode: order.serviceMode,
    tableId: order.tableId,
    tableName: written.tableName,
    printed: false,
    sender: { type: order.senderType, ...written.sender },
    units: units
      .filter((unit) => unit.areaId === ticket.areaId)
      .map((unit) => ({
        id: unit.id,
        productId: unit.productId,
        productName: unit.name,
        unitPriceCents: unit.priceCents,
        options: unit.options,
        notes: unit.notes,
        status: "SENT",
        createdAt: written.createdAt,
        tableId: order.tableId,
        allergens: (catalog.get(unit.productId)?.product.allergens ?? []) as string[],
      })),
  }));
}

/**
 * Checks every line against the venue's catalogue for the service (a take-away orders only what
 * is on for take-away) and prices it there at that service's price, never from the client.
 */
function priceLines(catalog: OrderableCatalog, lines: OrderProductSent[], serviceMode: "DINE_IN" | "TAKE_AWAY") {
  for (const id of new Set(lines.map((l) => l.id))) {
    const entry = catalog.get(id);
    const orderable = serviceMode === "TAKE_AWAY" ? entry?.takeAwayOrderable : entry?.orderable;
    if (!orderable) throw new AppError("inactive_product", 400, { productId: id });
  }
  return lines.map((line) => {
    const { product, options } = catalog.get(line.id) as { product: ProductRow; options: OptionRow[] };
    const chosen = resolveOptions(product, options, line);
    const unitPriceCents = itemUnitPriceCents(
      {
        priceCents: basePriceFor(product, serviceMode),
        preparationWays: chosen.preparationWay
          ? [{ id: chosen.preparationWay.id, priceCents: chosen.preparationWay.priceCents }]
          : [],
        extraIngredients: chosen.extraIngredients.map((e) => ({ id: e.id, priceCents: e.priceCents })),
      },
      { preparationWayId: chosen.preparationWay?.id ?? null, extraIngredientIds: chosen.extraIngredients.map((e) => e.id) },
    );
    return { line, product, chosen, unitPriceCents };
  });
}

/**
 * Sends an order for a table or a take-away (the cash desk's; its order is TAKE_AWAY, priced at
 * take-away prices, and the kitchen sees it so): checks every product is orderable and every option belongs to it,
 * prices each line from the catalogue (never from the client), writes one unit per piece and one
 * kitchen ticket per preparation area, all in one statement, and hands the tickets to the kitchen
 * with the event. A repeated idempotency key (a double tap, a retry after a lost answer) returns
 * the first order instead of ordering twice: the unique index on the key decides, even for two
 * requests at the same moment.
 *
 * On the busy path an order is one statement: the catalogue comes from the venue's cache, the
 * table's venue is remembered, and the access check is part of the write. Whenever something is
 * refused, the caller's access to the table is checked first, so a caller who may not reach the
 * table learns only that (403/404), never what the venue offers.
 */
export async function sendOrder(options: {
  db: Db;
  events: EventBus;
  catalogs: VenueCache<OrderableCatalog>;
  /** Whether a venue issues an order slip with every order, remembered like the catalogue. */
  orderSlipChoices: VenueCache<boolean>;
  /** The ids of the venue's tables out of service, remembered like the catalogue. */
  tablesOutOfService: VenueCache<GuestOrderingClosed>;
  /** Where orders are written, batched per venue (createOrderWrites). */
  orderWrites: OrderWrites;
  principal: Principal;
  tableId: number;
  lines: OrderProductSent[];
  idempotencyKey: string | null;
}): Promise<SentOrder> {
  const { db, principal, tableId, lines } = options;
  if (principal.role === "OPERATOR") throw new AppError("forbidden", 403);
  const guest = principal.role === "USER";
  // Remembered per instance: the busy path still reads nothing before its one statement.
  const table = await tableFacts(db, tableId);
  const retailerId = guest ? table.retailerId : staffRetailerId(principal);
  const serviceMode: ServiceMode = table.kind === "TAKE_AWAY" ? "TAKE_AWAY" : "DINE_IN";
  if (guest) {
    const closed = await options.tablesOutOfService.get(retailerId, "out-of-service", () =>
      loadTablesOutOfService(db, retailerId),
    );
    // A venue the platform operator disabled takes no guest's order, seated before or not.
    if (closed.venueDisabled) {
      await authorizeTable(db, principal, tableId);
      throw new AppError("venue_not_accepting_guests", 400);
    }
    // A table switched out of service takes no more orders from its guests' phones, even from a
    // guest seated before the switch (they can still pay and call the waiter). Staff may still
    // order for it: the waiter at the table decides, and finishes the service of those seated.
    if (closed.tableIds.has(tableId)) {
      await authorizeTable(db, principal, tableId);
      throw new AppError("table_not_in_service", 400);
    }
  }
  const catalog = await options.catalogs.get(retailerId, "orderable", () => loadOrderableCatalog(db, retailerId));

  let priced: ReturnType<typeof priceLines>;
  try {
    priced = priceLines(catalog, lines, serviceMode);
  } catch (error) {
    await authorizeTable(db, principal, tableId);
    throw error;
  }
  const areaIds = [...new Set(priced.map((p) => p.product.preparationAreaId).filter((a): a is number => a != null))];
  // Remembered until INVOICING_CHANGED reaches this instance. A stale "yes" issues nothing wrong:
  // issueOrderSlip reads the choice again in the order's transaction. A stale "no" sends the order
  // without its slip; the choice only changes while none of the venue's tables is served, so only
  // an order opening a service before the event arrives (up to 60 s after a lost one) can meet it.
  const withOrderSlip = await options.orderSlipChoices.get(retailerId, "order-slip", () =>
    issuesOrderSlipPerOrder(db, retailerId),
  );

  const write: OrderToWrite = {
    retailerId,
    tableId,
    senderType: SENDER_BY_ROLE[principal.role],
    userId: principal.userId,
    guestUserId: guest ? principal.userId : null,
    serviceMode,
    idempotencyKey: options.idempotencyKey,
    areaIds,
    withOrderSlip,
    units: priced.flatMap(({ line, product, chosen, unitPriceCents }) =>
      Array.from({ length: line.quantity }, () => ({
        productId: product.id,
        areaId: product.preparationAreaId,
        name: product.name,
        nameEng: product.nameEng,
        nameTranslations: product.nameTranslations,
        priceCents: unitPriceCents,
        options: chosen,
        notes: line.notes,
        isGifted: line.isGifted,
      })),
    ),
  };
  let outcome = await writeOrder(db, options.orderWrites, write);
  if (outcome.kind === "not-allowed") {
    // Answers why (403 or 404); a guest who checked in a moment ago is let through.
    await authorizeTable(db, principal, tableId);
    outcome = await writeOrder(db, options.orderWrites, write);
  }
  // Lost the race to open the table's session: the winner's session is visible now.
  if (outcome.kind === "no-session") outcome = await writeOrder(db, options.orderWrites, write);
  if (outcome.kind === "payment-requested") {
    await authorizeTable(db, principal, tableId);
    throw new AppError("active_payment_request", 400);
  }
  if (outcome.kind === "repeated") {
    ownKeyRepeated();
    return previousOrder(db, principal.userId, options.idempotencyKey as string);
  }
  if (outcome.kind === "not-allowed") throw new AppError("forbidden", 403);
  if (outcome.kind === "no-session") throw new AppError("table_not_found", 404);

  const tickets = ticketFacts(write, outcome, catalog);
  // Published together, in this order: the bus carries them in one round trip (event-bus.ts).
  await Promise.all([
    options.events.publish({
      type: "order.sent",
      retailerId,
      tableId,
      orderId: outcome.orderId,
      sentTickets: tickets,
      // When the order was committed (epoch ms): the kitchen's delivery is timed from here (the metrics).
      committedAt: Date.now(),
    }),
    options.events.publish({ type: "table.changed", retailerId, tableId }),
  ]);
  return { orderId: outcome.orderId, ticketIds: tickets.map((t) => t.id) };
}

/** The order first sent with this idempotency key, answered again without ordering anything. */
async function previousOrder(db: Db, userId: number, idempotencyKey: string): Promise<SentOrder> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sentByUserId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  const tickets = await db.select({ id: kitchenTickets.id }).from(kitchenTickets).where(eq(kitchenTickets.orderId, order.id));
  return { orderId: order.id, ticketIds: tickets.map((t) => t.id) };
}
