import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { maxDiscount, splitDiscount } from "@tableorder/domain/payment-calculator";
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { documents, orderProducts, payments, sandboxTerminalSales } from "../../../src/db/schema.ts";
import type { TestListener } from "../stomp-client.ts";
import { checkInvariants, phoneView } from "./invariants.ts";
import {
  activePaymentRequestAt,
  activeWaiterCallAt,
  DEFECT,
  euros,
  freePiecesAt,
  type ListenerName,
  openPiecesAt,
  type Payment,
  type PendingSale,
  type Piece,
  PRODUCT_KEYS,
  PRODUCT_NAMES,
  type ProductKey,
  piecesAt,
  predictTip,
  releaseHold,
  type SentAction,
  type ServiceModel,
  type StaffRequest,
  settlePayment,
  settleRequests,
  type TipPlan,
  terminalCharge,
} from "./model.ts";
import {
  dropListener,
  LISTENERS,
  type ListenerSlot,
  PHONE_TABLES as PHONE_TABLE,
  reconnectListener,
  TABLES,
  TERMINAL_TIMEOUT_MS,
  type World,
} from "./world.ts";

/**
 * The commands of the service's model-based test: what guests' phones, the waiter, the till, the
 * kitchen and the admin do, each through the real HTTP API. Every command predicts from the model
 * whether the server accepts it (and with what) or refuses it with which key, and fails otherwise.
 * Staff send every action with an Idempotency-Key, as the web client does (lib/staff-action.ts),
 * once, again after a lost answer, or twice at once (a double tap); sent actions are replayed late,
 * queued offline and sent in a batch; the realtime listeners drop and come back.
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
const tipText = (tip: TipPlan | null) =>
  tip ? `, a tip of ${euros(tip.cents)}${tip.way ? ` by ${tip.way.toLowerCase()}` : ""}${tip.confirmed ? " confirmed" : ""}` : "";

/** A prediction the answer must meet, said with the story of the command. */
function same(what: string, actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected))
    throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}
const sentHow = (delivery: Delivery) =>
  ({ once: "", resend: ", its answer lost and sent again", "double-tap": ", tapped twice at once" })[delivery];
const pieceName = (p: Piece) => `${p.name} #${p.id}`;

/**
 * A command plans in words (its toString, which fast-check prints for a counterexample) and, when
 * it runs, tells the run's story what it found: which pieces, which amounts. A failing run prints
 * that story, so a shrunk failure reads as what happened.
 */
abstract class StoryCommand implements Command {
  protected story: string | null = null;
  abstract check(model: Readonly<ServiceModel>): boolean;
  abstract act(model: ServiceModel, world: World): Promise<void>;
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
  /** What the command did, in words, once it ran. */
  told(): string {
    return this.story ?? this.plan();
  }
}

/**
 * How a keyed staff action reaches the server (issue 31): once; sent, its answer lost and sent
 * again with the same key; or twice at once (a double tap). Done once whichever, and every answer
 * is the first.
 */
export type Delivery = "once" | "resend" | "double-tap";

const REPLAYED = "idempotent-replayed";
const STILL_RUNNING = "error.idempotency_request_in_progress";
const newKey = () => `model-${randomUUID()}`;

function sendKeyed(world: World, request: StaffRequest): Promise<Answer> {
  return world.api.call(request.method, request.path, {
    token: world.tokenOf(request.who),
    body: request.body,
    headers: { "idempotency-key": request.key },
  });
}

const answerText = (a: Answer) => `${a.status} ${errorOf(a) ?? ""} ${JSON.stringify(a.body)}`;

/**
 * The same request's second answer equals its first, status, error and body. Sent after the first
 * answer, an accepted action comes back marked as a replay; a refusal kept nothing, so the request
 * ran again and was refused the same way; two at once too, the waiter's order included (its own
 * key's repeat answers its twin's stored answer, decision 035).
 */
function sameAnswer(first: Answer, again: Answer, what: string): void {
  if (first.status !== again.status || errorOf(first) !== errorOf(again) || !isDeepStrictEqual(first.body, again.body)) {
    throw new Error(`${what}: sent again, answered ${answerText(again)}, not the first answer ${answerText(first)}`);
  }
  if (first.headers.get(REPLAYED) != null) throw new Error(`${what}: the first answer is marked as a replay`);
  if (first.status < 300 && again.headers.get(REPLAYED) !== "true") {
    throw new Error(`${what}: the repeat of an accepted action is not answered as a replay (ran twice?)`);
  }
}

async function sendStaff(
  model: ServiceModel,
  world: World,
  request: StaffRequest,
  delivery: Delivery,
  what: string,
): Promise<Answer> {
  tallied(`sent ${delivery}`);
  let answer: Answer;
  if (delivery === "once") {
    answer = await sendKeyed(world, request);
    if (answer.headers.get(REPLAYED) != null) throw new Error(`${what}: a new key answered as a replay`);
  } else if (delivery === "resend") {
    const lost = await sendKeyed(world, request);
    answer = await sendKeyed(world, request);
    sameAnswer(lost, answer, `${what} (answer lost, sent again)`);
    answer = lost;
  } else {
    let [a, b] = await Promise.all([sendKeyed(world, request), sendKeyed(world, request)]);
    // A tap that met the first still on its way is told to come back (409); the client sends it again.
    if (errorOf(a) === STILL_RUNNING) a = await sendKeyed(world, request);
    if (errorOf(b) === STILL_RUNNING) b = await sendKeyed(world, request);
    const [first, second] = a.headers.get(REPLAYED) === "true" ? [b, a] : [a, b];
    sameAnswer(first, second, `${what} (double tap)`);
    answer = first;
  }
  if (answer.status < 300) model.sent.push({ what, request, status: answer.status, body: answer.body });
  return answer;
}

const staffRequest = (who: StaffRequest["who"], method: StaffRequest["method"], path: string, body: unknown): StaffRequest => ({
  who,
  method,
  path,
  body,
  key: newKey(),
});

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
    // The guest's app keys its order too (the order's own key, orders_idempotency).
    const answer = await world.api.post(
      `/api/orders/${world.tables[table].id}`,
      [{ id: product.id, quantity: this.quantity }],
      world.phones[this.phone],
      { "idempotency-key": newKey() },
    );
    await settleOrder(model, world, table, this.product, this.quantity, answer, this.story, true);
  }
}

/** Predicts an order's answer and, accepted, adds its pieces to the model (a phone's and the waiter's alike). */
async function settleOrder(
  model: ServiceModel,
  world: World,
  table: number,
  key: ProductKey,
  quantity: number,
  answer: Answer,
  story: string,
  guest: boolean,
): Promise<void> {
  const product = world.products[key];
  if (model.offMenu.has(key)) return expectRefused(answer, "inactive_product", story);
  // Issue 28 A4: nothing a guest orders may join a bill they already asked to pay; the waiter, who
  // collects it, still may.
  if (guest && activePaymentRequestAt(model, table)) return expectRefused(answer, null, story);
  expectOk(answer, story);
  model.orderIds.add(answer.body.orderId);
  if (model.sessions[table] == null) model.sessions[table] = model.nextSession++;
  const rows = await piecesOfOrder(world, answer.body.orderId);
  if (rows.length !== quantity) throw new Error(`${story}: ${rows.length} pieces written, not ${quantity}`);
  for (const row of rows) {
    model.pieces.set(row.id, {
      id: row.id,
      product: key,
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

/** The waiter orders for a table from the waiter's phone (the staff order route keeps its own key). */
class WaiterOrders extends StoryCommand {
  constructor(
    readonly table: number,
    readonly product: ProductKey,
    readonly quantity: number,
    readonly delivery: Delivery,
  ) {
    super();
  }
  plan() {
    return `the waiter orders ${this.quantity} × ${PRODUCT_NAMES[this.product]} for table ${tableLetter(this.table)}${sentHow(this.delivery)}`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const product = world.products[this.product];
    this.story = `the waiter orders ${this.quantity} × ${product.name} for ${world.tableName(this.table)}${sentHow(this.delivery)}`;
    const request = staffRequest("waiter", "POST", `/api/orders/${world.tables[this.table].id}`, [
      { id: product.id, quantity: this.quantity },
    ]);
    const answer = await sendStaff(model, world, request, this.delivery, this.story);
    await settleOrder(model, world, this.table, this.product, this.quantity, answer, this.story, false);
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
    const [row] = await world.server.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderCode, started.body.orderCode));
    model.paymentIds.add(row.id);
    if (started.body.amount !== amount) throw new Error(`${this.story}: the checkout asks ${started.body.amount}`);
    const location = String(started.headers.get("location"));
    const ref = new URL(location, world.server.baseUrl).searchParams.get("ref") as string;
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
      tip: 0,
      tipMethod: null,
      collector: null,
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
    readonly delivery: Delivery,
    readonly tip: TipPlan | null = null,
  ) {
    super();
  }
  plan() {
    return `${this.till ? "the till" : "the waiter"} collects ${this.all ? "everything" : `${this.count} pieces`} at table ${tableLetter(this.table)} (${this.method}, ${this.discountPercent}% of the possible discount${tipText(this.tip)})${sentHow(this.delivery)}`;
  }
  check(model: Readonly<ServiceModel>) {
    // One sale at a time on the venue's one terminal.
    if (this.method === "terminal" && model.pendingSales.size > 0) return false;
    return this.all || freePiecesAt(model, this.table).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const t = this.table;
    const who = this.till ? "the till" : "the waiter";
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
    this.story = `${who} collects ${euros(rest)} ${how}${discount ? ` (${euros(discount)} off)` : ""}${tipText(this.tip)} for ${what}${sentHow(this.delivery)}`;
    const path = `/api/feed/table/${world.tables[t].id}/complete-orders`;
    const body = {
      ...amounts,
      discountAmount: discount,
      isGift: gift,
      // Money on credit is owed by somebody, whom the collection names (issue 28 A9).
      ...(amounts.onCreditAmount > 0 ? { creditDebtor: `guest of ${world.tableName(t)}` } : {}),
      ...(this.all ? { payAll: true } : { itemsCount: pieces.map((p) => ({ orderProductId: p.id, quantity: 1 })) }),
      ...(terminal ? { selectedTerminalId: world.terminalId } : {}),
      // What the guest left (issue 32), as the screens send it: amount, way, and the confirmation of a large one.
      ...(this.tip ? { tipAmount: this.tip.cents, tipMethod: this.tip.way, tipConfirmed: this.tip.confirmed } : {}),
    };
    const collector = this.till ? "desk" : "waiter";
    let answer = await sendStaff(model, world, staffRequest(collector, "POST", path, body), this.delivery, this.story);
    if (this.all && (model.sessions[t] == null || pieces.length === 0)) return expectRefused(answer, "already_paid", this.story);
    if (pieces.some((p) => p.state === "held")) return expectRefused(answer, "active_payment_exists", this.story);
    const parts = {
      bill: gift ? 0 : rest,
      cash: gift ? 0 : amounts.cashAmount,
      card: gift ? 0 : amounts.cardAmount,
      credit: gift ? 0 : amounts.onCreditAmount,
      gift,
    };
    let tip = predictTip(this.tip, parts);
    if ("refused" in tip) {
      expectRefused(answer, tip.refused, this.story);
      if (tip.refused !== "tip_needs_confirmation") return;
      // The screen asks about the large tip; confirmed, the collection goes again, a new action with a new key.
      const confirmed = `${this.story}; the large tip confirmed`;
      this.story = confirmed;
      answer = await sendStaff(
        model,
        world,
        staffRequest(collector, "POST", path, { ...body, tipConfirmed: true }),
        this.delivery,
        confirmed,
      );
      tip = predictTip(this.tip && { ...this.tip, confirmed: true }, parts);
      if ("refused" in tip) throw new Error(`${confirmed}: the model refuses a confirmed tip (${tip.refused})`);
    }
    expectOk(answer, this.story);
    if (tip.tip > 0) tallied(`tip ${tip.tipMethod} ${terminal ? "at the terminal" : "collected"}`);
    // A tip is said beside the sale, never in it: paidAmount stays the bill.
    same(`${this.story}: the answer's tip`, answer.body.tipAmount, tip.tip > 0 ? tip.tip : undefined);
    model.paymentIds.add(answer.body.paymentId);
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
      tip: tip.tip,
      tipMethod: tip.tipMethod,
      collector,
    };
    const shares = splitDiscount(discount, prices);
    if (!terminal) {
      if (answer.body.status !== "COMPLETED") throw new Error(`${this.story}: answered ${answer.body.status}`);
      if (!gift) same(`${this.story}: the amount paid`, answer.body.paidAmount, rest);
      tallied(`collected ${this.method}`);
      settlePayment(model, payment, t, shares);
      return recordReceipt(model, world, payment, this.story);
    }
    if (answer.body.status !== "PENDING") throw new Error(`${this.story}: a terminal sale answered ${answer.body.status}`);
    // The terminal is asked for the card part plus a card tip, in one charge.
    same(`${this.story}: the terminal's charge`, answer.body.cardAmount, terminalCharge(payment));
    for (const piece of pieces) {
      piece.state = "held";
      piece.heldBy = payment.id;
    }
    model.pendingSales.set(payment.id, { table: t, startedAt: Date.now(), payment, shares });
    screenAtSale.set(payment.id, world.paymentUpdates[t].listener);
  }
}

/** The waiter's payment screen each terminal sale was started on: the push must reach that one. */
const screenAtSale = new Map<number, TestListener | null>();

/**
 * Waits for the terminal's answer the waiters' screens get pushed, and settles the model by it. A
 * screen whose socket dropped while the sale waited comes back first; having missed the push, it
 * reads the sale's status, as the web client does after every (re)connection, and waits for the
 * push only while that says PENDING.
 */
async function settleTerminalSale(
  model: ServiceModel,
  world: World,
  sale: PendingSale,
  expected: "SUCCESS" | "FAILED",
  story: string,
) {
  const slot = world.paymentUpdates[sale.table];
  if (!slot.listener) await reconnectPaymentScreen(model, world, slot, sale);
  const listener = slot.listener as TestListener;
  const pushed = () =>
    listener.next((m: any) => m.paymentId === sale.payment.id, TERMINAL_TIMEOUT_MS + 10_000) as Promise<{ status: string }>;
  let update: { status: string };
  if (screenAtSale.get(sale.payment.id) === listener) update = await pushed();
  else {
    const read = await world.api.get(`/api/feed/payment/${sale.payment.id}/status`, world.waiter);
    expectOk(read, `${story}: the sale's status read on reconnecting`);
    update = read.body.status === "PENDING" ? await pushed() : read.body;
  }
  if (update.status !== expected) throw new Error(`${story}: the terminal sale ended ${update.status}, not ${expected}`);
  model.pendingSales.delete(sale.payment.id);
  screenAtSale.delete(sale.payment.id);
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
      // The card holder is asked for the card part plus a card tip, the tip marked as such (issue 32).
      const [atTerminal] = await world.server.database.db
        .select()
        .from(sandboxTerminalSales)
        .where(eq(sandboxTerminalSales.sessionId, String(row.providerOrderCode)));
      same(
        `${this.story}: what the terminal asks for, and its tip`,
        [atTerminal?.amountCents, atTerminal?.tipCents],
        [terminalCharge(sale.payment), sale.payment.tipMethod === "CARD" ? sale.payment.tip : 0],
      );
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
    readonly delivery: Delivery,
  ) {
    super();
  }
  plan() {
    return `the waiter moves table ${tableLetter(this.from)} to table ${tableLetter((this.from + this.offset) % TABLES)}${sentHow(this.delivery)}`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const from = this.from;
    const to = (from + this.offset) % TABLES;
    const cooking = piecesAt(model, from).filter((p) => p.session === model.sessions[from] && p.hasArea && p.kitchen === "SENT");
    this.story = `the waiter moves ${world.tableName(from)} to ${world.tableName(to)}${cooking.length ? ` with ${cooking.length} pieces still cooking` : ""}${sentHow(this.delivery)}`;
    const answer = await sendStaff(
      model,
      world,
      staffRequest("waiter", "POST", "/api/feed/transfer-table", {
        tableId: world.tables[from].id,
        targetTableId: world.tables[to].id,
      }),
      this.delivery,
      this.story,
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
  constructor(
    readonly table: number,
    readonly delivery: Delivery,
  ) {
    super();
  }
  plan() {
    return `the till bills table ${tableLetter(this.table)}${sentHow(this.delivery)}`;
  }
  check() {
    return true;
  }
  async act(model: ServiceModel, world: World) {
    const t = this.table;
    const session = model.sessions[t];
    const unbilled = piecesAt(model, t).filter((p) => p.session === session && !p.billed && p.state !== "cancelled");
    this.story = `the till bills ${world.tableName(t)} (${unbilled.length} new pieces)${sentHow(this.delivery)}`;
    const request = staffRequest("desk", "PUT", `/api/cash-desk/table/${world.tables[t].id}/bill`, {});
    const answer = await sendStaff(model, world, request, this.delivery, this.story);
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
    readonly delivery: Delivery,
  ) {
    super();
  }
  plan() {
    return `the ${this.area} prepares a piece${sentHow(this.delivery)}`;
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
    this.story = `the ${this.area} prepares ${pieceName(piece)} of ${world.tableName(piece.table)}${sentHow(this.delivery)}`;
    const request = staffRequest(this.area, "POST", `/api/feed/kitchen/ticket/${piece.ticketId}/prepare-products`, {
      orderProductIds: [piece.id],
    });
    const answer = await sendStaff(model, world, request, this.delivery, this.story);
    expectOk(answer, this.story);
    piece.kitchen = "PREPARED";
  }
}

/** A cook taps "Got it" on a ticket's cancellations (issue 28 A9). */
class KitchenAcknowledges extends StoryCommand {
  constructor(
    readonly area: "kitchen" | "bar",
    readonly pick: number,
    readonly delivery: Delivery,
  ) {
    super();
  }
  plan() {
    return `the ${this.area} acknowledges a cancellation${sentHow(this.delivery)}`;
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
    this.story = `the ${this.area} acknowledges the cancelled ${pieces.map(pieceName).join(", ")}${sentHow(this.delivery)}`;
    const request = staffRequest(this.area, "POST", `/api/feed/kitchen/ticket/${ticketId}/acknowledge-cancellation`, {});
    const answer = await sendStaff(model, world, request, this.delivery, this.story);
    expectOk(answer, this.story);
    const expected = pieces.map((p) => p.id).sort((a, b) => a - b);
    if (JSON.stringify(answer.body.acknowledgedIds) !== JSON.stringify(expected)) {
      throw new Error(`${this.story}: cleared ${JSON.stringify(answer.body.acknowledgedIds)}, not ${JSON.stringify(expected)}`);
    }
    for (const piece of pieces) piece.kitchenNotice = false;
  }
}

const deliverable = (p: Piece) => p.state !== "cancelled" && (p.kitchen === "PREPARED" || (p.kitchen === "SENT" && !p.hasArea));

class WaiterDelivers extends StoryCommand {
  constructor(
    readonly table: number,
    readonly delivery: Delivery,
  ) {
    super();
  }
  plan() {
    return `the waiter delivers to table ${tableLetter(this.table)}${sentHow(this.delivery)}`;
  }
  private candidates(model: Readonly<ServiceModel>) {
    return piecesAt(model, this.table).filter(deliverable);
  }
  check(model: Readonly<ServiceModel>) {
    return this.candidates(model).length > 0;
  }
  async act(model: ServiceModel, world: World) {
    const pieces = this.candidates(model);
    this.story = `the waiter delivers ${pieces.map(pieceName).join(", ")} to ${world.tableName(this.table)}${sentHow(this.delivery)}`;
    const request = staffRequest(
      "waiter",
      "POST",
      "/api/feed/next-status",
      pieces.map((p) => p.id),
    );
    const answer = await sendStaff(model, world, request, this.delivery, this.story);
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

/**
 * A staff action the server accepted is sent again with its key after other commands ran (a queue
 * that did not hear its answer, a phone back from a dead spot): it is answered its first answer and
 * changes nothing, which the invariants after it check. Tampered, the key comes with another table
 * in the path: 422, and nothing runs.
 */
class LateReplay extends StoryCommand {
  constructor(
    readonly pick: number,
    readonly tamper: boolean,
  ) {
    super();
  }
  plan() {
    return this.tamper ? "a sent action's key comes back with another table" : "a sent action is replayed late";
  }
  private candidates(model: Readonly<ServiceModel>): SentAction[] {
    return this.tamper ? model.sent.filter((a) => /\/table\/\d+\//.test(a.request.path)) : model.sent;
  }
  check(model: Readonly<ServiceModel>) {
    return this.candidates(model).length > 0;
  }
  async act(_model: ServiceModel, world: World) {
    const candidates = this.candidates(_model);
    const sent = candidates[this.pick % candidates.length];
    if (this.tamper) {
      const tableId = Number(/\/table\/(\d+)\//.exec(sent.request.path)?.[1]);
      const other = world.tables.findIndex((t) => t.id !== tableId);
      const path = sent.request.path.replace(`/table/${tableId}/`, `/table/${world.tables[other].id}/`);
      this.story = `"${sent.what}" comes back with its key for ${world.tableName(other)}`;
      const answer = await sendKeyed(world, { ...sent.request, path });
      if (answer.status !== 422 || answer.body?.message !== "error.idempotency_key_reused") {
        throw new Error(`${this.story}: expected 422 error.idempotency_key_reused, got ${answerText(answer)}`);
      }
      tallied("key reused refused");
      return;
    }
    this.story = `"${sent.what}" is sent again with its key, late`;
    const answer = await sendKeyed(world, sent.request);
    const first = { status: sent.status, headers: new Headers(), body: sent.body };
    sameAnswer(first, answer, this.story);
  }
}

/** A staff action queued while offline: built from what the waiter's screen showed then, judged by what is true when sent. */
interface QueuedAction {
  what: string;
  request: StaffRequest;
  settle(model: ServiceModel, world: World, answer: Answer): Promise<void>;
}

/**
 * The waiter's phone in a dead spot (issue 31, the offline outbox): the waiter collects pieces in
 * cash and delivers what is ready at a table, each action queued with its key from what the screen
 * showed; meanwhile the till may collect the same table; then the queue goes out in order, each
 * action once. A collection whose pieces someone else collected meanwhile is refused in words
 * (a keyed 4xx), and nothing is charged twice.
 */
class OfflineBatch extends StoryCommand {
  constructor(
    readonly table: number,
    readonly collects: number[],
    readonly deliver: boolean,
    readonly meanwhile: "nothing" | "the till collects everything" | "the till collects some",
    /** A cash tip with each collection (issue 32), kept with it in the queue; at most the bill, so no question asked. */
    readonly tip = 0,
  ) {
    super();
  }
  plan() {
    return `the waiter, offline at table ${tableLetter(this.table)}, queues ${this.collects.length} cash collections${this.tip ? ` with tips of up to ${euros(this.tip)}` : ""}${this.deliver ? " and a delivery" : ""}; meanwhile ${this.meanwhile}; the queue is sent`;
  }
  check(model: Readonly<ServiceModel>) {
    return freePiecesAt(model, this.table).length > 0;
  }
  private queueCollect(world: World, pieces: Piece[]): QueuedAction {
    const amount = pieces.reduce((s, p) => s + p.price - p.discount, 0);
    const tip = Math.min(this.tip, amount);
    const what = `the waiter's queued collection of ${euros(amount)} in cash${tip ? ` with a ${euros(tip)} tip` : ""} for ${pieces.map(pieceName).join(", ")}`;
    const t = this.table;
    const request = staffRequest("waiter", "POST", `/api/feed/table/${world.tables[t].id}/complete-orders`, {
      cashAmount: amount,
      cardAmount: 0,
      onCreditAmount: 0,
      discountAmount: 0,
      isGift: false,
      itemsCount: pieces.map((p) => ({ orderProductId: p.id, quantity: 1 })),
      ...(tip ? { tipAmount: tip, tipMethod: "CASH" } : {}),
    });
    return {
      what,
      request,
      async settle(model, world, answer) {
        const now = pieces.map((p) => model.pieces.get(p.id) as Piece);
        if (now.some((p) => p.state === "held")) return expectRefused(answer, "active_payment_exists", what);
        if (now.some((p) => p.state !== "unpaid")) {
          // Someone else collected (or a guest paid for) these pieces meanwhile: refused, in words.
          tallied(`offline collection lost the race: ${errorOf(answer)}`);
          if (answer.status < 400 || answer.status >= 500 || !errorOf(answer)) {
            throw new Error(`${what}: the pieces were collected meanwhile, yet answered ${answerText(answer)}`);
          }
          return;
        }
        expectOk(answer, what);
        if (answer.body.status !== "COMPLETED") throw new Error(`${what}: answered ${answer.body.status}`);
        model.paymentIds.add(answer.body.paymentId);
        const payment: Payment = {
          id: answer.body.paymentId,
          gift: false,
          pieces: pieces.map((p) => p.id),
          amount,
          cash: amount,
          pos: 0,
          online: 0,
          credit: 0,
          discount: 0,
          tip,
          tipMethod: tip ? "CASH" : null,
          collector: "waiter",
        };
        settlePayment(model, payment, t, []);
        await recordReceipt(model, world, payment, what);
      },
    };
  }
  private queueDelivery(pieces: Piece[]): QueuedAction {
    const what = `the waiter's queued delivery of ${pieces.map(pieceName).join(", ")}`;
    const request = staffRequest(
      "waiter",
      "POST",
      "/api/feed/next-status",
      pieces.map((p) => p.id),
    );
    return {
      what,
      request,
      async settle(model, _world, answer) {
        const now = pieces.map((p) => model.pieces.get(p.id) as Piece);
        // Nothing meanwhile touches the kitchen: what was ready to deliver still is.
        if (!now.every(deliverable)) throw new Error(`${what}: the model changed under a queued delivery`);
        expectOk(answer, what);
        for (const piece of now) piece.kitchen = "COMPLETE";
      },
    };
  }
  async act(model: ServiceModel, world: World) {
    const t = this.table;
    const queue: QueuedAction[] = [];
    const free = freePiecesAt(model, t);
    let next = 0;
    for (const count of this.collects) {
      const pieces = free.slice(next, next + count);
      next += count;
      if (pieces.length) queue.push(this.queueCollect(world, pieces));
    }
    const ready = piecesAt(model, t).filter(deliverable);
    if (this.deliver && ready.length) queue.push(this.queueDelivery(ready));
    const told = [`the waiter, offline at ${world.tableName(t)}, queues: ${queue.map((q) => q.what).join("; ")}`];
    try {
      if (this.meanwhile !== "nothing") {
        const all = this.meanwhile === "the till collects everything";
        const till = new StaffCollects(
          true,
          t,
          all,
          2,
          "cash",
          0,
          "once",
          this.tip ? { cents: this.tip, way: null, confirmed: false } : null,
        );
        if (till.check(model)) {
          await till.act(model, world);
          told.push(`meanwhile ${till.told()}`);
        }
      }
      for (const queued of queue) {
        const answer = await sendStaff(model, world, queued.request, "once", queued.what);
        told.push(`sent: ${queued.what}: ${answer.status}${errorOf(answer) ? ` ${errorOf(answer)}` : ""}`);
        await queued.settle(model, world, answer);
      }
    } finally {
      this.story = told.join("; ");
    }
  }
}

/** Reconnects the waiter's payment screen of a table; a sale that ended while it was away (timed out) is settled by the status it reads. */
async function reconnectPaymentScreen(model: ServiceModel, world: World, slot: ListenerSlot, settling?: PendingSale) {
  const table = world.paymentUpdates.indexOf(slot);
  const waiting = [...model.pendingSales.values()].filter((sale) => sale.table === table);
  const statuses = await reconnectListener(world, slot, () =>
    Promise.all(waiting.map((sale) => world.api.get(`/api/feed/payment/${sale.payment.id}/status`, world.waiter))),
  );
  model.down.delete(slot.name);
  if (settling) world.story.push(`the waiter's payment screen of ${world.tableName(table)} reconnects to hear the terminal`);
  for (const [i, sale] of waiting.entries()) {
    expectOk(statuses[i], "the sale's status read on reconnecting");
    if (sale === settling || statuses[i].body.status === "PENDING") continue;
    // Between commands only the terminal's own deadline ends a sale.
    await settleTerminalSale(
      model,
      world,
      sale,
      "FAILED",
      `the sale of ${euros(sale.payment.amount)} timed out while the screen was away`,
    );
  }
}

/** A screen's WebSocket drops without a goodbye (Wi-Fi gone); the screen is not looked at until it comes back. */
class ListenerDrops extends StoryCommand {
  constructor(readonly name: ListenerName) {
    super();
  }
  plan() {
    return `the ${this.name} screen loses its connection`;
  }
  check(model: Readonly<ServiceModel>) {
    return !model.down.has(this.name);
  }
  async act(model: ServiceModel, world: World) {
    await dropListener(world.slot(this.name));
    model.down.add(this.name);
  }
}

/**
 * A dropped screen comes back: it subscribes again and re-reads its state, which must agree with
 * the model (a phone's open bill); later pushes must converge to fresh reads (invariant 7).
 */
class ListenerReconnects extends StoryCommand {
  constructor(readonly pick: number) {
    super();
  }
  plan() {
    return "a screen that lost its connection reconnects";
  }
  check(model: Readonly<ServiceModel>) {
    return model.down.size > 0;
  }
  async act(model: ServiceModel, world: World) {
    const down = [...model.down];
    const name = down[this.pick % down.length];
    const slot = world.slot(name);
    this.story = `the ${name} screen reconnects and reads its state again`;
    if (world.paymentUpdates.includes(slot)) return reconnectPaymentScreen(model, world, slot);
    model.down.delete(name);
    if (slot === world.deskListener) {
      const cards = await reconnectListener(
        world,
        slot,
        async () => (await world.api.get("/api/cash-desk/tables", world.desk)).body,
      );
      if (!Array.isArray(cards) || cards.length !== TABLES) throw new Error(`${this.story}: read ${JSON.stringify(cards)}`);
      return;
    }
    const table = [...world.phoneListeners].find(([, s]) => s === slot)?.[0] as number;
    const guest = world.phones[world.phoneTable.indexOf(table)];
    const view = await reconnectListener(world, slot, async () =>
      phoneView((await world.api.get(`/api/orders/${world.tables[table].id}/feed`, guest)).body),
    );
    const open = openPiecesAt(model, table);
    const expected = [open.length, open.reduce((sum, p) => sum + p.price, 0)];
    if (!isDeepStrictEqual([view.totalUnpaidCount, view.totalUnpaidPrice], expected)) {
      throw new Error(
        `${this.story}: the phone's open bill after catching up is ${JSON.stringify([view.totalUnpaidCount, view.totalUnpaidPrice])}, the model's ${JSON.stringify(expected)}`,
      );
    }
  }
}

const phone = fc.integer({ min: 0, max: PHONE_TABLE.length - 1 });
const table = fc.integer({ min: 0, max: TABLES - 1 });
const pick = fc.nat({ max: 1000 });
/** Most actions go out once; a lost answer and a double tap each come now and then. */
const delivery = fc.constantFrom<Delivery>("once", "once", "once", "resend", "double-tap");
const listener = fc.constantFrom(...LISTENERS);

/** Every command the run may draw, weighted towards what a busy evening is made of. */
export function serviceCommands(maxCommands: number, replayPath?: string) {
  const method = fc.constantFrom<Method>("cash", "cash", "card", "credit", "split", "gift", "terminal", "terminal", "terminal");
  const order = fc
    .tuple(phone, fc.constantFrom(...PRODUCT_KEYS), fc.integer({ min: 1, max: 3 }))
    .map(([p, product, q]) => new PhoneOrders(p, product, q));
  const offlineBatch = fc
    .tuple(
      table,
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      fc.constantFrom("nothing", "the till collects everything", "the till collects some"),
      fc.constantFrom(0, 0, 50, 200),
    )
    .map(([t, collects, deliver, meanwhile, tip]) => new OfflineBatch(t, collects, deliver, meanwhile, tip));
  // Most collections leave no tip; some a usual one, some one over 50 € (confirmed or not), rarely a negative one.
  const tip: fc.Arbitrary<TipPlan | null> = fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    {
      weight: 3,
      arbitrary: fc.record({
        cents: fc.integer({ min: 1, max: 1500 }),
        way: fc.constantFrom<TipPlan["way"]>(null, null, "CASH", "CARD"),
        confirmed: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        cents: fc.integer({ min: 5001, max: 9000 }),
        way: fc.constantFrom<TipPlan["way"]>(null, "CASH", "CARD"),
        confirmed: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.constant<TipPlan>({ cents: -100, way: null, confirmed: false }) },
  );
  // Repeated entries weigh more: orders come most often, as in a restaurant.
  const arbitraries: fc.Arbitrary<Command>[] = [
    order,
    order,
    order,
    order,
    fc
      .tuple(table, fc.constantFrom(...PRODUCT_KEYS), fc.integer({ min: 1, max: 3 }), delivery)
      .map(([t, product, q, how]) => new WaiterOrders(t, product, q, how)),
    fc.tuple(phone, pick).map(([p, i]) => new PhoneRemoves(p, i)),
    phone.map((p) => new PhoneAsksToPay(p)),
    phone.map((p) => new PhoneCallsWaiter(p)),
    fc
      .tuple(phone, fc.integer({ min: 1, max: 4 }), fc.constantFrom<OnlineOutcome>("approve", "approve", "decline", "abandon"))
      .map(([p, n, o]) => new PhonePaysOnline(p, n, o)),
    fc
      .tuple(
        fc.tuple(fc.boolean(), table, fc.boolean(), fc.integer({ min: 1, max: 4 }), method, fc.constantFrom(0, 0, 10, 50, 100)),
        delivery,
        tip,
      )
      .map(([[till, t, all, n, m, d], how, left]) => new StaffCollects(till, t, all, n, m, d, how, left)),
    fc
      .tuple(
        fc.tuple(fc.boolean(), table, fc.boolean(), fc.integer({ min: 1, max: 4 }), method, fc.constantFrom(0, 0, 10, 50, 100)),
        delivery,
        tip,
      )
      .map(([[till, t, all, n, m, d], how, left]) => new StaffCollects(till, t, all, n, m, d, how, left)),
    fc
      .tuple(pick, fc.constantFrom<"approve" | "decline">("approve", "approve", "decline"))
      .map(([i, d]) => new TerminalAnswers(i, d)),
    fc
      .tuple(pick, fc.constantFrom<"approve" | "decline" | "timeout">("approve", "decline", "timeout"))
      .map(([i, d]) => new TerminalAnswers(i, d)),
    fc.tuple(table, fc.integer({ min: 1, max: TABLES - 1 }), delivery).map(([t, o, how]) => new WaiterTransfers(t, o, how)),
    fc.tuple(table, delivery).map(([t, how]) => new TillBills(t, how)),
    fc
      .tuple(fc.constantFrom<"kitchen" | "bar">("kitchen", "bar"), pick, delivery)
      .map(([a, i, how]) => new KitchenPrepares(a, i, how)),
    // A cook answers a flashing cancellation soon: twice the weight, so runs see it cleared.
    fc
      .tuple(fc.constantFrom<"kitchen" | "bar">("kitchen", "bar"), pick, delivery)
      .map(([a, i, how]) => new KitchenAcknowledges(a, i, how)),
    fc
      .tuple(fc.constantFrom<"kitchen" | "bar">("kitchen", "bar"), pick, delivery)
      .map(([a, i, how]) => new KitchenAcknowledges(a, i, how)),
    fc.tuple(table, delivery).map(([t, how]) => new WaiterDelivers(t, how)),
    pick.map((i) => new AdminCancelsReceipt(i)),
    fc.constantFrom(...PRODUCT_KEYS).map((p) => new AdminTogglesProduct(p)),
    // Issue 31: answers replayed late, a queue sent after a dead spot, screens that drop and come back.
    fc.tuple(pick, fc.constantFrom(false, false, false, true)).map(([i, tamper]) => new LateReplay(i, tamper)),
    offlineBatch,
    offlineBatch,
    listener.map((name) => new ListenerDrops(name)),
    pick.map((i) => new ListenerReconnects(i)),
    pick.map((i) => new ListenerReconnects(i)),
  ];
  // Evenings are long: a run makes its bills before it settles them, so sequences go to their full length.
  return fc.commands(arbitraries, { maxCommands, size: "max", replayPath });
}
