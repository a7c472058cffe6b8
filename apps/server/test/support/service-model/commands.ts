import { maxDiscount, splitDiscount } from "@tableorder/domain/payment-calculator";
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { documents, orderProducts, payments } from "../../../src/db/schema.ts";
import { checkInvariants } from "./invariants.ts";
import {
  activePaymentRequestAt,
  activeWaiterCallAt,
  DEFECT,
  euros,
  freePiecesAt,
  openPiecesAt,
  type Payment,
  type PendingSale,
  type Piece,
  PRODUCT_KEYS,
  PRODUCT_NAMES,
  type ProductKey,
  piecesAt,
  releaseHold,
  type ServiceModel,
  settlePayment,
  settleRequests,
} from "./model.ts";
import { PHONE_TABLES as PHONE_TABLE, TABLES, TERMINAL_TIMEOUT_MS, type World } from "./world.ts";

/**
 * The commands of the service's model-based test: what guests' phones, the waiter, the till, the
 * kitchen and the admin do, each through the real HTTP API. Every command predicts from the model
 * whether the server accepts it (and with what) or refuses it with which key, and fails otherwise.
 */

type Answer = { status: number; headers: Headers; body: any };
type Command = fc.AsyncCommand<ServiceModel, World>;

/** How often each command ran, across the runs of this process, so a run can show what it covered. */
export const commandTally = new Map<string, number>();
const tallied = (what: string) => commandTally.set(what, (commandTally.get(what) ?? 0) + 1);

const errorOf = (answer: Answer) => answer.headers.get("x-app-error");

function expectOk(answer: Answer, what: string): void {
  if (answer.status !== 200) {
    throw new Error(`${what}: expected 200, got ${answer.status} ${errorOf(answer) ?? ""} ${JSON.stringify(answer.body)}`);
  }
}

function expectRefused(answer: Answer, key: string | null, what: string): void {
  tallied(`refused ${key ?? "(any key)"}`);
  if (answer.status !== 400 || (key !== null && errorOf(answer) !== `error.${key}`) || !errorOf(answer)) {
    throw new Error(
      `${what}: expected a 400 ${key ? `error.${key}` : "keyed error"}, got ${answer.status} ${errorOf(answer) ?? ""} ${JSON.stringify(answer.body)}`,
    );
  }
}

const tableLetter = (t: number) => "ΑΒΓ"[t];
const pieceName = (p: Piece) => `${p.name} #${p.id}`;

/**
 * A command plans in words (its toString, which fast-check prints for a counterexample) and, when
 * it runs, tells the run's story what it found: which pieces, which amounts. A failing run prints
 * that story, so a shrunk failure reads as what happened.
 */
abstract class StoryCommand implements Command {
  protected story: string | null = null;
  abstract check(model: Readonly<ServiceModel>): boolean;
  protected abstract act(model: ServiceModel, world: World): Promise<void>;
  protected abstract plan(): string;
  async run(model: ServiceModel, world: World): Promise<void> {
    tallied(this.constructor.name);
    this.story = null;
    await timeOutStaleSales(model, world);
    try {
      await this.act(model, world);
    } finally {
      world.story.push(this.story ?? this.plan());
    }
    await checkInvariants(model, world);
  }
  toString(): string {
    return this.plan();
  }
}

async function piecesOfOrder(world: World, orderId: number) {
  return world.server.database.db
    .select()
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.id));
}

class PhoneOrders extends StoryCommand {
  constructor(
    readonly phone: number,
    readonly product: ProductKey,
    readonly quantity: number,
  ) {
    super();
  }
  plan() {
    return `phone ${this.phone + 1} orders ${this.quantity} × ${PRODUCT_NAMES[this.product]}`;
  }
  check(model: Readonly<ServiceModel>) {
    const table = PHONE_TABLE[this.phone];
    return !(model.openDefects.has(DEFECT.orderUnderPaymentRequest) && activePaymentRequestAt(model, table));
  }
  async act(model: ServiceModel, world: World) {
    const table = world.phoneTable[this.phone];
    const product = world.products[this.product];
    this.story = `phone ${this.phone + 1} (${world.tableName(table)}) orders ${this.quantity} × ${product.name}`;
    const answer = await world.api.post(
      `/api/orders/${world.tables[table].id}`,
      [{ id: product.id, quantity: this.quantity }],
      world.phones[this.phone],
    );
    if (model.offMenu.has(this.product)) return expectRefused(answer, "inactive_product", this.story);
    // Issue 28 A4: nothing may join a bill the guests already asked to pay.
    if (activePaymentRequestAt(model, table)) return expectRefused(answer, null, this.story);
    expectOk(answer, this.story);
    if (model.sessions[table] == null) model.sessions[table] = model.nextSession++;
    const rows = await piecesOfOrder(world, answer.body.orderId);
    if (rows.length !== this.quantity) throw new Error(`${this.story}: ${rows.length} pieces written, not ${this.quantity}`);
    for (const row of rows) {
      model.pieces.set(row.id, {
        id: row.id,
        product: this.product,
        name: product.name,
        price: product.price,
        discount: 0,
        state: "unpaid",
        heldBy: null,
        table,
        orderedAt: table,
        session: model.sessions[table] as number,
        kitchen: "SENT",
        hasArea: product.hasArea,
        ticketId: row.ticketId,
        billed: false,
        kitchenNotice: false,
      });
    }
  }
}

class PhoneRemoves extends StoryCommand {
  constructor(
    readonly phone: number,
    readonly pick: number,
  ) {
    super();
  }
  plan() {
    return `phone ${this.phone + 1} takes a piece off`;
  }
  private candidates(model: Readonly<ServiceModel>) {
    return piecesAt(model, PHONE_TABLE[this.phone]).filter((p) => p.state !== "cancelled");
  }
  check(model: Readonly<ServiceModel>) {
    return this.candidates(model).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const table = world.phoneTable[this.phone];
    const candidates = this.candidates(model);
    const piece = candidates[this.pick % candidates.length];
    this.story = `phone ${this.phone + 1} takes ${pieceName(piece)} (${piece.state}, ${piece.kitchen}) off`;
    const answer = await world.api.del(`/api/orders/${world.tables[table].id}/product/${piece.id}`, world.phones[this.phone]);
    if (piece.state === "held") return expectRefused(answer, "active_payment_exists", this.story);
    if (piece.state !== "unpaid" || piece.kitchen !== "SENT") {
      return expectRefused(answer, "product_not_in_current_order", this.story);
    }
    expectOk(answer, this.story);
    piece.state = "cancelled";
    // A guest takes back only a piece not yet prepared: its ticket is still open, so the kitchen is told.
    piece.kitchenNotice = piece.ticketId != null;
    settleRequests(model, table);
  }
}

class PhoneAsksToPay extends StoryCommand {
  constructor(readonly phone: number) {
    super();
  }
  plan() {
    return `phone ${this.phone + 1} asks the waiter to pay for everything`;
  }
  check(model: Readonly<ServiceModel>) {
    const table = PHONE_TABLE[this.phone];
    // An empty request is malformed (a validation error), not a refusal the model predicts.
    return activePaymentRequestAt(model, table) || openPiecesAt(model, table).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const table = world.phoneTable[this.phone];
    const pieces = openPiecesAt(model, table);
    this.story = `phone ${this.phone + 1} asks the waiter to pay ${euros(pieces.reduce((s, p) => s + p.price, 0))}`;
    const answer = await world.api.post(
      `/api/cq-table/payment-request/${world.tables[table].id}`,
      { itemsCount: pieces.map((p) => ({ orderProductId: p.id, quantity: 1 })), pos: false },
      world.phones[this.phone],
    );
    expectOk(answer, this.story);
    if (activePaymentRequestAt(model, table)) return;
    model.paymentRequests.push({
      id: answer.body.id,
      moved: false,
      table,
      session: model.sessions[table],
      pieces: pieces.map((p) => p.id),
      active: true,
    });
  }
}

class PhoneCallsWaiter extends StoryCommand {
  constructor(readonly phone: number) {
    super();
  }
  plan() {
    return `phone ${this.phone + 1} calls the waiter`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const table = world.phoneTable[this.phone];
    this.story = this.plan();
    const answer = await world.api.post(`/api/cq-table/call-waiter/${world.tables[table].id}`, {}, world.phones[this.phone]);
    expectOk(answer, this.story);
    if (!activeWaiterCallAt(model, table))
      model.waiterCalls.push({
        id: answer.body.id,
        moved: false,
        table,
        session: model.sessions[table],
        pieces: [],
        active: true,
      });
  }
}

type OnlineOutcome = "approve" | "decline" | "abandon";

class PhonePaysOnline extends StoryCommand {
  constructor(
    readonly phone: number,
    readonly count: number,
    readonly outcome: OnlineOutcome,
  ) {
    super();
  }
  plan() {
    return `phone ${this.phone + 1} pays ${this.count} pieces online (${this.outcome})`;
  }
  check(model: Readonly<ServiceModel>) {
    if (this.outcome === "abandon" && model.openDefects.has(DEFECT.abandonedCheckout)) return false;
    return freePiecesAt(model, PHONE_TABLE[this.phone]).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const table = world.phoneTable[this.phone];
    const guest = world.phones[this.phone];
    const pieces = freePiecesAt(model, table).slice(0, this.count);
    const amount = pieces.reduce((s, p) => s + p.price, 0);
    const verb = { approve: "pays", decline: "is declined paying", abandon: "backs out of paying" }[this.outcome];
    this.story = `phone ${this.phone + 1} ${verb} ${euros(amount)} online for ${pieces.map(pieceName).join(", ")}`;
    const started = await world.api.post(
      `/api/orders/${world.tables[table].id}/pay`,
      { itemsCount: pieces.map((p) => ({ orderProductId: p.id, quantity: 1 })) },
      guest,
    );
    expectOk(started, this.story);
    if (started.body.amount !== amount) throw new Error(`${this.story}: the checkout asks ${started.body.amount}`);
    const location = String(started.headers.get("location"));
    const ref = new URL(location, world.server.baseUrl).searchParams.get("ref") as string;
    const [row] = await world.server.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderCode, started.body.orderCode));
    if (this.outcome === "abandon") {
      // The guest looks at the provider's page, goes Back and opens the table again.
      await fetch(`${world.server.baseUrl}${location}`).then((r) => r.text());
      expectOk(await world.api.get(`/api/orders/${world.tables[table].id}/feed`, guest), this.story);
      return;
    }
    const back = await fetch(`${world.server.baseUrl}/sandbox/card-checkout/${this.outcome}?ref=${ref}`, {
      method: "POST",
      redirect: "manual",
    });
    const returned = new URL(String(back.headers.get("location")), world.server.baseUrl);
    const s = returned.searchParams.get("s") as string;
    if (this.outcome === "decline") {
      expectOk(await world.api.get(`/api/orders/fail-payment?s=${encodeURIComponent(s)}`, guest), this.story);
      return;
    }
    const t = returned.searchParams.get("t") as string;
    const done = await world.api.get(`/api/orders/complete-payment?s=${encodeURIComponent(s)}&t=${encodeURIComponent(t)}`, guest);
    expectOk(done, this.story);
    const payment: Payment = {
      id: row.id,
      gift: false,
      pieces: pieces.map((p) => p.id),
      amount,
      cash: 0,
      pos: 0,
      online: amount,
      credit: 0,
      discount: 0,
    };
    settlePayment(model, payment, table, []);
    await recordReceipt(model, world, payment, this.story);
  }
}

async function recordReceipt(model: ServiceModel, world: World, payment: Payment, story: string): Promise<void> {
  if (!model.invoicing || payment.gift) return;
  const found = await world.server.database.db
    .select()
    .from(documents)
    .where(and(eq(documents.paymentId, payment.id), eq(documents.type, "RECEIPT")));
  if (found.length !== 1)
    throw new Error(`${story}: invariant 4 (receipts): ${found.length} receipts for payment ${payment.id}, not 1`);
  model.receipts.push({
    documentId: found[0].id,
    paymentId: payment.id,
    total: payment.amount,
    parts: { ...payment },
    cancelled: false,
  });
}

type Method = "cash" | "card" | "credit" | "split" | "gift" | "terminal";

class StaffCollects extends StoryCommand {
  constructor(
    readonly till: boolean,
    readonly table: number,
    readonly all: boolean,
    readonly count: number,
    readonly method: Method,
    readonly discountPercent: number,
  ) {
    super();
  }
  plan() {
    return `${this.till ? "the till" : "the waiter"} collects ${this.all ? "everything" : `${this.count} pieces`} at table ${tableLetter(this.table)} (${this.method}, ${this.discountPercent}% of the possible discount)`;
  }
  check(model: Readonly<ServiceModel>) {
    // One sale at a time on the venue's one terminal.
    if (this.method === "terminal" && model.pendingSales.size > 0) return false;
    return this.all || freePiecesAt(model, this.table).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const t = this.table;
    const who = this.till ? "the till" : "the waiter";
    const token = this.till ? world.desk : world.waiter;
    const pieces = this.all ? openPiecesAt(model, t) : freePiecesAt(model, t).slice(0, this.count);
    const gift = this.method === "gift";
    const prices = pieces.map((p) => p.price - p.discount);
    const total = prices.reduce((a, b) => a + b, 0);
    const discount = gift ? 0 : Math.floor((maxDiscount(total, pieces.length) * this.discountPercent) / 100);
    const rest = total - discount;
    const amounts = { cashAmount: 0, cardAmount: 0, onCreditAmount: 0 };
    if (this.method === "cash") amounts.cashAmount = rest;
    if (this.method === "card" || this.method === "terminal") amounts.cardAmount = rest;
    if (this.method === "credit") amounts.onCreditAmount = rest;
    if (this.method === "split") {
      // Every method in one payment, on credit too: a third each, the card the rest.
      amounts.cashAmount = Math.floor(rest / 3);
      amounts.onCreditAmount = Math.floor(rest / 3);
      amounts.cardAmount = rest - amounts.cashAmount - amounts.onCreditAmount;
    }
    const terminal = this.method === "terminal";
    const how = {
      cash: "in cash",
      card: "by card",
      credit: "on credit",
      split: `${euros(amounts.cashAmount)} cash + ${euros(amounts.onCreditAmount)} on credit + ${euros(amounts.cardAmount)} card`,
      gift: "as a gift",
      terminal: "by card on the terminal",
    }[this.method];
    const what = this.all ? `everything at ${world.tableName(t)}` : pieces.map(pieceName).join(", ");
    this.story = `${who} collects ${euros(rest)} ${how}${discount ? ` (${euros(discount)} off)` : ""} for ${what}`;
    const answer = await world.api.post(
      `/api/feed/table/${world.tables[t].id}/complete-orders`,
      {
        ...amounts,
        discountAmount: discount,
        isGift: gift,
        // Money on credit is owed by somebody, whom the collection names (issue 28 A9).
        ...(amounts.onCreditAmount > 0 ? { creditDebtor: `guest of ${world.tableName(t)}` } : {}),
        ...(this.all ? { payAll: true } : { itemsCount: pieces.map((p) => ({ orderProductId: p.id, quantity: 1 })) }),
        ...(terminal ? { selectedTerminalId: world.terminalId } : {}),
      },
      token,
    );
    if (this.all && (model.sessions[t] == null || pieces.length === 0)) return expectRefused(answer, "already_paid", this.story);
    if (pieces.some((p) => p.state === "held")) return expectRefused(answer, "active_payment_exists", this.story);
    expectOk(answer, this.story);
    const payment: Payment = {
      id: answer.body.paymentId,
      gift,
      pieces: pieces.map((p) => p.id),
      amount: gift ? 0 : rest,
      cash: gift ? 0 : amounts.cashAmount,
      pos: gift ? 0 : amounts.cardAmount,
      online: 0,
      credit: gift ? 0 : amounts.onCreditAmount,
      discount,
    };
    const shares = splitDiscount(discount, prices);
    if (!terminal) {
      if (answer.body.status !== "COMPLETED") throw new Error(`${this.story}: answered ${answer.body.status}`);
      tallied(`collected ${this.method}`);
      settlePayment(model, payment, t, shares);
      return recordReceipt(model, world, payment, this.story);
    }
    if (answer.body.status !== "PENDING") throw new Error(`${this.story}: a terminal sale answered ${answer.body.status}`);
    for (const piece of pieces) {
      piece.state = "held";
      piece.heldBy = payment.id;
    }
    model.pendingSales.set(payment.id, { table: t, startedAt: Date.now(), payment, shares });
  }
}

/** Waits for the terminal's answer the waiters' screens get pushed, and settles the model by it. */
async function settleTerminalSale(
  model: ServiceModel,
  world: World,
  sale: PendingSale,
  expected: "SUCCESS" | "FAILED",
  story: string,
) {
  const update = await world.paymentUpdates[sale.table].next(
    (m: any) => m.paymentId === sale.payment.id,
    TERMINAL_TIMEOUT_MS + 10_000,
  );
  if (update.status !== expected) throw new Error(`${story}: the terminal sale ended ${update.status}, not ${expected}`);
  model.pendingSales.delete(sale.payment.id);
  if (expected === "FAILED") return releaseHold(model, sale.payment.id);
  settlePayment(model, sale.payment, sale.table, sale.shares);
  await recordReceipt(model, world, sale.payment, story);
}

/**
 * A sale the waiter left at the terminal for long enough times out by itself; the run waits for
 * that before its next command, so no command races the terminal's deadline.
 */
export async function timeOutStaleSales(model: ServiceModel, world: World): Promise<void> {
  for (const sale of [...model.pendingSales.values()]) {
    if (Date.now() - sale.startedAt < TERMINAL_TIMEOUT_MS / 2) continue;
    const story = `nobody answers the terminal for ${euros(sale.payment.amount)} at ${world.tableName(sale.table)}: the sale times out`;
    world.story.push(story);
    await settleTerminalSale(model, world, sale, "FAILED", story);
  }
}

class TerminalAnswers extends StoryCommand {
  constructor(
    readonly pick: number,
    readonly decision: "approve" | "decline" | "timeout",
  ) {
    super();
  }
  plan() {
    return this.decision === "timeout" ? "the terminal never answers" : `the card holder ${this.decision}s at the terminal`;
  }
  check(model: Readonly<ServiceModel>) {
    return model.pendingSales.size > 0;
  }
  async act(model: ServiceModel, world: World) {
    const sales = [...model.pendingSales.values()];
    const sale = sales[this.pick % sales.length];
    const what = `${euros(sale.payment.amount)} at ${world.tableName(sale.table)}`;
    this.story = {
      approve: `the card is approved at the terminal for ${what}`,
      decline: `the card is declined at the terminal for ${what}`,
      timeout: `nobody answers the terminal for ${what}: the sale times out`,
    }[this.decision];
    if (this.decision !== "timeout") {
      const [row] = await world.server.database.db.select().from(payments).where(eq(payments.id, sale.payment.id));
      const at = await fetch(`${world.server.baseUrl}/sandbox/card-terminal/${this.decision}?session=${row.providerOrderCode}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      if (at.status !== 303) throw new Error(`${this.story}: the sandbox terminal answered ${at.status}`);
    }
    await settleTerminalSale(model, world, sale, this.decision === "approve" ? "SUCCESS" : "FAILED", this.story);
  }
}

class WaiterTransfers extends StoryCommand {
  constructor(
    readonly from: number,
    readonly offset: number,
  ) {
    super();
  }
  plan() {
    return `the waiter moves table ${tableLetter(this.from)} to table ${tableLetter((this.from + this.offset) % TABLES)}`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const from = this.from;
    const to = (from + this.offset) % TABLES;
    const cooking = piecesAt(model, from).filter((p) => p.session === model.sessions[from] && p.hasArea && p.kitchen === "SENT");
    this.story = `the waiter moves ${world.tableName(from)} to ${world.tableName(to)}${cooking.length ? ` with ${cooking.length} pieces still cooking` : ""}`;
    const answer = await world.api.post(
      "/api/feed/transfer-table",
      { tableId: world.tables[from].id, targetTableId: world.tables[to].id },
      world.waiter,
    );
    const session = model.sessions[from];
    if (session == null) return expectRefused(answer, "product_not_in_current_order", this.story);
    if (piecesAt(model, from).some((p) => p.state === "held")) return expectRefused(answer, "active_payment_exists", this.story);
    expectOk(answer, this.story);
    const target = model.sessions[to];
    // Every active request at the table moves, a call made before the first order (no session) too.
    const requests = [...model.paymentRequests, ...model.waiterCalls].filter(
      (r) => r.active && (r.session === session || (r.session == null && r.table === from)),
    );
    if (target == null) {
      for (const piece of model.pieces.values()) if (piece.session === session) piece.table = to;
      model.sessions[to] = session;
      for (const r of requests) {
        r.table = to;
        r.moved = true;
      }
    } else {
      for (const piece of model.pieces.values()) {
        if (piece.session === session && piece.state === "unpaid") {
          piece.table = to;
          piece.session = target;
        } else if (
          piece.session === session &&
          (piece.state === "paid" || piece.state === "gift") &&
          piece.kitchen !== "COMPLETE"
        ) {
          // Paid dishes not yet served follow the guests; their payment stays with the closed bill.
          piece.table = to;
        }
      }
      for (const r of requests) {
        r.table = to;
        r.session = target;
        r.moved = true;
      }
    }
    model.sessions[from] = null;
  }
}

class TillBills extends StoryCommand {
  constructor(readonly table: number) {
    super();
  }
  plan() {
    return `the till bills table ${tableLetter(this.table)}`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const t = this.table;
    const session = model.sessions[t];
    const unbilled = piecesAt(model, t).filter((p) => p.session === session && !p.billed && p.state !== "cancelled");
    this.story = `the till bills ${world.tableName(t)} (${unbilled.length} new pieces)`;
    const answer = await world.api.put(`/api/cash-desk/table/${world.tables[t].id}/bill`, {}, world.desk);
    if (session == null || !unbilled.length) return expectRefused(answer, "nothing_to_bill", this.story);
    expectOk(answer, this.story);
    for (const piece of unbilled) piece.billed = true;
  }
}

const AREA_OF: Record<ProductKey, "kitchen" | "bar" | null> = {
  salad: "kitchen",
  souvlaki: "kitchen",
  coffee: "bar",
  water: null,
};

class KitchenPrepares extends StoryCommand {
  constructor(
    readonly area: "kitchen" | "bar",
    readonly pick: number,
  ) {
    super();
  }
  plan() {
    return `the ${this.area} prepares a piece`;
  }
  private candidates(model: Readonly<ServiceModel>) {
    const pushGoesAstray = model.openDefects.has(DEFECT.kitchenPushFollowsTransfer);
    return [...model.pieces.values()].filter(
      (p) =>
        AREA_OF[p.product] === this.area &&
        p.kitchen === "SENT" &&
        p.state !== "cancelled" &&
        !(pushGoesAstray && p.table !== p.orderedAt),
    );
  }
  check(model: Readonly<ServiceModel>) {
    return this.candidates(model).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const candidates = this.candidates(model);
    const piece = candidates[this.pick % candidates.length];
    this.story = `the ${this.area} prepares ${pieceName(piece)} of ${world.tableName(piece.table)}`;
    const answer = await world.api.post(
      `/api/feed/kitchen/ticket/${piece.ticketId}/prepare-products`,
      { orderProductIds: [piece.id] },
      world.cooks[this.area],
    );
    expectOk(answer, this.story);
    piece.kitchen = "PREPARED";
  }
}

/** A cook taps "Got it" on a ticket's cancellations (issue 28 A9). */
class KitchenAcknowledges extends StoryCommand {
  constructor(
    readonly area: "kitchen" | "bar",
    readonly pick: number,
  ) {
    super();
  }
  plan() {
    return `the ${this.area} acknowledges a cancellation`;
  }
  private tickets(model: Readonly<ServiceModel>) {
    const noticed = [...model.pieces.values()].filter((p) => p.kitchenNotice && AREA_OF[p.product] === this.area);
    return [...new Set(noticed.map((p) => p.ticketId as number))];
  }
  check(model: Readonly<ServiceModel>) {
    return this.tickets(model).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const tickets = this.tickets(model);
    const ticketId = tickets[this.pick % tickets.length];
    const pieces = [...model.pieces.values()].filter((p) => p.kitchenNotice && p.ticketId === ticketId);
    this.story = `the ${this.area} acknowledges the cancelled ${pieces.map(pieceName).join(", ")}`;
    const answer = await world.api.post(
      `/api/feed/kitchen/ticket/${ticketId}/acknowledge-cancellation`,
      {},
      world.cooks[this.area],
    );
    expectOk(answer, this.story);
    const expected = pieces.map((p) => p.id).sort((a, b) => a - b);
    if (JSON.stringify(answer.body.acknowledgedIds) !== JSON.stringify(expected)) {
      throw new Error(`${this.story}: cleared ${JSON.stringify(answer.body.acknowledgedIds)}, not ${JSON.stringify(expected)}`);
    }
    for (const piece of pieces) piece.kitchenNotice = false;
  }
}

class WaiterDelivers extends StoryCommand {
  constructor(readonly table: number) {
    super();
  }
  plan() {
    return `the waiter delivers to table ${tableLetter(this.table)}`;
  }
  private candidates(model: Readonly<ServiceModel>) {
    return piecesAt(model, this.table).filter(
      (p) => p.state !== "cancelled" && (p.kitchen === "PREPARED" || (p.kitchen === "SENT" && !p.hasArea)),
    );
  }
  check(model: Readonly<ServiceModel>) {
    return this.candidates(model).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const pieces = this.candidates(model);
    this.story = `the waiter delivers ${pieces.map(pieceName).join(", ")} to ${world.tableName(this.table)}`;
    const answer = await world.api.post(
      "/api/feed/next-status",
      pieces.map((p) => p.id),
      world.waiter,
    );
    expectOk(answer, this.story);
    // One tap delivers a prepared dish and a piece the waiter serves straight alike (issue 31).
    for (const piece of pieces) piece.kitchen = "COMPLETE";
  }
}

class AdminCancelsReceipt extends StoryCommand {
  constructor(readonly pick: number) {
    super();
  }
  plan() {
    return "the admin cancels a receipt";
  }
  check(model: Readonly<ServiceModel>) {
    return model.invoicing && model.receipts.length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const receipt = model.receipts[this.pick % model.receipts.length];
    this.story = `the admin cancels the receipt of ${euros(receipt.total)} (payment ${receipt.paymentId})${receipt.cancelled ? " again" : ""}`;
    const answer = await world.api.del(`/api/admin/documents/cancel/${receipt.documentId}`, world.admin);
    if (receipt.cancelled) return expectRefused(answer, "document_already_cancelled", this.story);
    expectOk(answer, this.story);
    if (answer.body.type !== "CREDIT_NOTE" || answer.body.totalAmount !== receipt.total) {
      throw new Error(`${this.story}: answered ${JSON.stringify(answer.body)}`);
    }
    receipt.cancelled = true;
  }
}

class AdminTogglesProduct extends StoryCommand {
  constructor(readonly product: ProductKey) {
    super();
  }
  plan() {
    return `the admin switches ${PRODUCT_NAMES[this.product]} on or off the menu`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const off = model.offMenu.has(this.product);
    const product = world.products[this.product];
    this.story = `the admin ${off ? "puts back on" : "takes off"} the menu ${product.name}`;
    const answer = await world.api.post(`/api/crm/product/${product.id}/active-status`, { active: off }, world.admin);
    expectOk(answer, this.story);
    if (off) model.offMenu.delete(this.product);
    else model.offMenu.add(this.product);
  }
}

const phone = fc.integer({ min: 0, max: PHONE_TABLE.length - 1 });
const table = fc.integer({ min: 0, max: TABLES - 1 });
const pick = fc.nat({ max: 1000 });

/** Every command the run may draw, weighted towards what a busy evening is made of. */
export function serviceCommands(maxCommands: number, replayPath?: string) {
  const method = fc.constantFrom<Method>("cash", "cash", "card", "credit", "split", "gift", "terminal", "terminal", "terminal");
  const order = fc
    .tuple(phone, fc.constantFrom(...PRODUCT_KEYS), fc.integer({ min: 1, max: 3 }))
    .map(([p, product, q]) => new PhoneOrders(p, product, q));
  // Repeated entries weigh more: orders come most often, as in a restaurant.
  const arbitraries: fc.Arbitrary<Command>[] = [
    order,
    order,
    order,
    order,
    fc.tuple(phone, pick).map(([p, i]) => new PhoneRemoves(p, i)),
    phone.map((p) => new PhoneAsksToPay(p)),
    phone.map((p) => new PhoneCallsWaiter(p)),
    fc
      .tuple(phone, fc.integer({ min: 1, max: 4 }), fc.constantFrom<OnlineOutcome>("approve", "approve", "decline", "abandon"))
      .map(([p, n, o]) => new PhonePaysOnline(p, n, o)),
    fc
      .tuple(fc.boolean(), table, fc.boolean(), fc.integer({ min: 1, max: 4 }), method, fc.constantFrom(0, 0, 10, 50, 100))
      .map(([till, t, all, n, m, d]) => new StaffCollects(till, t, all, n, m, d)),
    fc
      .tuple(fc.boolean(), table, fc.boolean(), fc.integer({ min: 1, max: 4 }), method, fc.constantFrom(0, 0, 10, 50, 100))
      .map(([till, t, all, n, m, d]) => new StaffCollects(till, t, all, n, m, d)),
    fc
      .tuple(pick, fc.constantFrom<"approve" | "decline">("approve", "approve", "decline"))
      .map(([i, d]) => new TerminalAnswers(i, d)),
    fc
      .tuple(pick, fc.constantFrom<"approve" | "decline" | "timeout">("approve", "decline", "timeout"))
      .map(([i, d]) => new TerminalAnswers(i, d)),
    fc.tuple(table, fc.integer({ min: 1, max: TABLES - 1 })).map(([t, o]) => new WaiterTransfers(t, o)),
    table.map((t) => new TillBills(t)),
    fc.tuple(fc.constantFrom<"kitchen" | "bar">("kitchen", "bar"), pick).map(([a, i]) => new KitchenPrepares(a, i)),
    // A cook answers a flashing cancellation soon: twice the weight, so runs see it cleared.
    fc.tuple(fc.constantFrom<"kitchen" | "bar">("kitchen", "bar"), pick).map(([a, i]) => new KitchenAcknowledges(a, i)),
    fc.tuple(fc.constantFrom<"kitchen" | "bar">("kitchen", "bar"), pick).map(([a, i]) => new KitchenAcknowledges(a, i)),
    table.map((t) => new WaiterDelivers(t)),
    pick.map((i) => new AdminCancelsReceipt(i)),
    fc.constantFrom(...PRODUCT_KEYS).map((p) => new AdminTogglesProduct(p)),
  ];
  // Evenings are long: a run makes its bills before it settles them, so sequences go to their full length.
  return fc.commands(arbitraries, { maxCommands, size: "max", replayPath });
}
