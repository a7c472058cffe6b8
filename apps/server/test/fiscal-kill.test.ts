import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../src/db/client.ts";
import { documentCounters, documents, payments, retailers, sandboxMydataInvoices } from "../src/db/schema.ts";
import { buildBackOfficeVenue, buildTable, TEST_PASSWORD } from "./support/factories.ts";
import { freePort, type ProbeEvent, ServerChild, testServerEnv } from "./support/server-child.ts";
import { createMigratedDurableDatabaseUrl, postgresUrl } from "./support/test-app.ts";

/**
 * Issue 13: "a kill -9 at any point loses no document and sends none twice", for real. The
 * production entry (apps/server/src/main.ts) runs as a child process on a database that outlives
 * it (a PGlite data directory, or a fresh PostgreSQL database on CI's second pass), with the
 * myDATA sandbox keeping its "AADE books" in that database. Waiters' cash payments arrive over
 * HTTP while the outbox transmits, and the child is killed with SIGKILL several times, each kill
 * aimed by fiscal-send-probe.ts's lines: while a SendInvoices call waits in the sandbox (AADE has
 * not recorded it yet), after the sandbox recorded it but before the answer is back (the lost
 * answer only RequestTransmittedDocs reconciles), and while payment requests are in flight. After
 * the last restart the outbox drains, and the database is read: every payment answered 200 has
 * its receipt, numbers have no gap or repeat, every document is SENT with AADE's mark, and AADE's
 * books hold each uid once.
 */

/** The sandbox's delay before it records a batch, and the probe's delay of the answer after it. */
const LATENCY_MS = 300;
const ANSWER_MS = 300;
/** Where each kill is aimed, in order; a kill waits for its moment after the restart's pause. */
type Aim = "payments" | "sending" | "answer-lost";
const KILLS: { aim: Aim; pauseMs: number }[] = [
  { aim: "payments", pauseMs: 1500 },
  { aim: "sending", pauseMs: 1000 },
  { aim: "answer-lost", pauseMs: 2000 },
  { aim: "sending", pauseMs: 500 },
  { aim: "answer-lost", pauseMs: 1000 },
  { aim: "payments", pauseMs: 2500 },
  { aim: "sending", pauseMs: 1500 },
];
const PAYERS = 3;
/** Tables made beforehand (the test cannot write to an embedded database the child holds). */
const TABLE_POOL = 150;
/** Payments made after the last restart, before the payers stop. */
const PAID_AFTER_LAST_KILL = 6;
/** A killed instance's claims wait out the outbox's lease (LEASE_SECONDS, 120 s) before another takes them. */
const DRAIN_DEADLINE_MS = 240_000;
const JWT_SECRET = "kill-test-secret-kill-test-secret-0123456";
const BILL_CENTS = 2200;

/** A valid ΑΦΜ from 8 digits: the 9th is Σ dᵢ·2^(8−i) mod 11 mod 10. */
function afm(prefix: string): string {
  const sum = [...prefix].reduce((total, d, i) => total + Number(d) * 2 ** (8 - i), 0);
  return `${prefix}${(sum % 11) % 10}`;
}
const TIN = afm("09416113");

const log = (line: string) => console.log(`[fiscal-kill ${postgresUrl ? "postgres" : "pglite"}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withDatabase<T>(databaseUrl: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseUrl);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** One HTTP call; throws only when no answer came (the child was killed, or not up yet). */
async function call(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body };
}

interface InFlightSend {
  call: number;
  invoices: ProbeEvent["invoices"];
  /** "sending": the sandbox had not recorded it; "answer-lost": it had, the answer was on its way. */
  state: "sending" | "answer-lost";
  /** The kill came early enough in the window that the state cannot have moved on (the child's timers). */
  sure: boolean;
}

interface Kill {
  aim: Aim;
  at: number;
  sends: InFlightSend[];
  paymentsInFlight: number;
  restartMs: number;
}

const servers: ServerChild[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
});

describe("a kill -9 at any point", () => {
  it("loses no document and sends none twice", { timeout: 420_000 }, async () => {
    const began = Date.now();
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-fiscal-kill-"));
    const databaseUrl = await createMigratedDurableDatabaseUrl(dataDir);
    const port = await freePort();
    const server = new ServerChild({
      port,
      probe: true,
      env: testServerEnv(port, dataDir, {
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        MYDATA_ENVIRONMENT: "sandbox",
        MYDATA_SANDBOX_LATENCY_MS: String(LATENCY_MS),
        FISCAL_OUTBOX_POLL_MS: "50",
        FISCAL_OUTBOX_BATCH: "3",
        // A killed instance's claims lapse quickly, so the drain after the last kill is short.
        MYDATA_TIMEOUT_MS: "2000",
        FISCAL_OUTBOX_LEASE_SECONDS: "5",
        FISCAL_PROBE_ANSWER_MS: String(ANSWER_MS),
      }),
    });
    servers.push(server);

    // The child migrates the empty database itself; the venue is arranged while no server holds it.
    const firstStartMs = await server.start();
    await server.stop();
    const { venue, tables } = await withDatabase(databaseUrl, async (db) => {
      const venue = await buildBackOfficeVenue(db);
      await db
        .update(retailers)
        .set({ invoicingEnabled: true, invoicing: { tin: TIN, name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
        .where(eq(retailers.id, venue.venue.id));
      const tables = [];
      for (let i = 0; i < TABLE_POOL; i++) tables.push(await buildTable(db, venue.venue.id));
      return { venue, tables };
    });
    log(`first start (migrations) ${firstStartMs} ms; venue ${venue.venue.id} arranged`);

    // The SendInvoices calls of the running child, by call number (numbers restart with each child).
    let calls = new Map<number, { start?: ProbeEvent; recorded?: ProbeEvent; done?: ProbeEvent }>();
    const probeWaiters = new Set<(event: ProbeEvent) => void>();
    let sendCalls = 0;
    server.onProbe((event) => {
      const entry = calls.get(event.call) ?? {};
      if (event.step === "send-start") {
        entry.start = event;
        sendCalls += 1;
      } else if (event.step === "recorded") entry.recorded = event;
      else entry.done = event;
      calls.set(event.call, entry);
      for (const waiter of probeWaiters) waiter(event);
    });
    const nextProbe = (step: ProbeEvent["step"], timeoutMs: number) =>
      new Promise<ProbeEvent | null>((resolve) => {
        const waiter = (event: ProbeEvent) => {
          if (event.step !== step) return;
          probeWaiters.delete(waiter);
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          probeWaiters.delete(waiter);
          resolve(null);
        }, timeoutMs);
        probeWaiters.add(waiter);
      });

    const restartMs = [await server.start()];
    const base = server.baseUrl;
    const login = async (username: string) => {
      const answer = await call(base, "POST", "/api/authenticate", {
        body: { username, password: TEST_PASSWORD, rememberMe: false },
      });
      expect(answer.status).toBe(200);
      return String(answer.headers.get("authorization")).replace(/^Bearer /, "");
    };
    const desk = await login(venue.cashDesk.login);
    const admin = await login(venue.admin.login);

    // Waiters' payments: a guest checks in and orders 2 salads and 3 waters (22.00 €), the cash desk
    // collects it all in cash. A request the kill cut has no answer: its outcome is left to the database.
    const answered: { tableId: number; paymentId: number }[] = [];
    const cut: { tableId: number; step: string }[] = [];
    const unexpected: string[] = [];
    const pool = [...tables];
    let paymentsInFlight = 0;
    let killsDone = false;
    let paidSinceLastKill = 0;
    const payer = async () => {
      for (;;) {
        if (killsDone && paidSinceLastKill >= PAID_AFTER_LAST_KILL) return;
        const table = pool.shift();
        if (!table) return;
        await server.whenUp();
        let step = "check-in";
        try {
          const guest = await call(base, "POST", "/api/authenticate-anonymous", { body: {} });
          const token = String(guest.headers.get("authorization")).replace(/^Bearer /, "");
          const checkIn = await call(base, "POST", `/api/cq-table/check-in/${table.id}`, { token });
          if (guest.status !== 200 || checkIn.status !== 200) {
            unexpected.push(`check-in at table ${table.id}: ${guest.status}/${checkIn.status} ${JSON.stringify(checkIn.body)}`);
            continue;
          }
          step = "order";
          const order = await call(base, "POST", `/api/orders/${table.id}`, {
            token,
            body: [
              { id: venue.salad.id, quantity: 2 },
              { id: venue.water.id, quantity: 3 },
            ],
          });
          if (order.status !== 200) {
            unexpected.push(`order at table ${table.id}: ${order.status} ${JSON.stringify(order.body)}`);
            continue;
          }
          step = "payment";
          paymentsInFlight += 1;
          let paid: Awaited<ReturnType<typeof call>>;
          try {
            paid = await call(base, "POST", `/api/feed/table/${table.id}/complete-orders?payAll=true`, {
              token: desk,
              body: { discountAmount: 0, cardAmount: 0, cashAmount: BILL_CENTS, onCreditAmount: 0, isGift: false },
            });
          } finally {
            paymentsInFlight -= 1;
          }
          if (paid.status !== 200) {
            unexpected.push(`payment at table ${table.id}: ${paid.status} ${JSON.stringify(paid.body)}`);
            continue;
          }
          answered.push({ tableId: table.id, paymentId: paid.body.paymentId });
          if (killsDone) paidSinceLastKill += 1;
        } catch {
          cut.push({ tableId: table.id, step });
        }
      }
    };
    const payers = Array.from({ length: PAYERS }, payer);

    // The kills, each aimed at its moment, then a restart on the same database.
    const kills: Kill[] = [];
    for (const plan of KILLS) {
      await sleep(plan.pauseMs);
      if (plan.aim === "sending") {
        const start = await nextProbe("send-start", 20_000);
        // A third into the sandbox's latency: its timer cannot have fired yet.
        if (start) await sleep(Math.max(0, start.at + LATENCY_MS / 3 - Date.now()));
      } else if (plan.aim === "answer-lost") {
        await nextProbe("recorded", 20_000);
      } else {
        const deadline = Date.now() + 10_000;
        while (paymentsInFlight === 0 && Date.now() < deadline) await sleep(2);
      }
      const at = Date.now();
      const inFlightPayments = paymentsInFlight;
      await server.kill();
      const sends: InFlightSend[] = [];
      for (const [callNumber, entry] of calls) {
        if (!entry.start || entry.done) continue;
        const state = entry.recorded ? "answer-lost" : "sending";
        const sure = entry.recorded ? at < entry.recorded.at + ANSWER_MS - 50 : at < entry.start.at + LATENCY_MS - 50;
        sends.push({ call: callNumber, invoices: entry.start.invoices, state, sure });
      }
      calls = new Map();
      const restart = await server.start();
      restartMs.push(restart);
      kills.push({ aim: plan.aim, at, sends, paymentsInFlight: inFlightPayments, restartMs: restart });
      const describeSends = sends.map(
        (s) => `${s.state}${s.sure ? "" : "?"} [${s.invoices.map((i) => `${i.invoiceType}/${i.series}/${i.aa}`).join(", ")}]`,
      );
      log(
        `kill ${kills.length} (${plan.aim}) at +${at - began} ms: ${sends.length} send(s) in flight ${describeSends.join(" ")}; ` +
          `${inFlightPayments} payment request(s) in flight; restarted in ${restart} ms`,
      );
    }
    killsDone = true;
    await Promise.all(payers);
    const paymentsDone = Date.now();
    log(
      `payments: ${answered.length} answered 200, ${cut.length} cut by a kill (${cut.filter((c) => c.step === "payment").length} at the payment itself)`,
    );
    expect(unexpected).toEqual([]);

    // The outbox drains: what a killed instance had claimed waits for its lease to run out.
    const drainDeadline = Date.now() + DRAIN_DEADLINE_MS;
    let lastLog = Date.now();
    for (;;) {
      const pending = await call(base, "GET", "/api/admin/documents/pending", { token: admin });
      expect(pending.status).toBe(200);
      if (pending.body.count === 0) break;
      if (Date.now() > drainDeadline) {
        throw new Error(`${pending.body.count} document(s) still pending after ${DRAIN_DEADLINE_MS} ms:\n${server.lastLines()}`);
      }
      if (Date.now() - lastLog > 15_000) {
        log(`draining: ${pending.body.count} pending, the oldest ${pending.body.oldestAgeSeconds} s old`);
        lastLog = Date.now();
      }
      await sleep(250);
    }
    const drainMs = Date.now() - paymentsDone;
    await server.stop();

    // What the database holds, read after a graceful stop (an embedded database has one owner at a time).
    const facts = await withDatabase(databaseUrl, async (db) => ({
      payments: await db.select().from(payments).where(eq(payments.retailerId, venue.venue.id)),
      documents: await db.select().from(documents).where(eq(documents.retailerId, venue.venue.id)),
      counters: await db.select().from(documentCounters).where(eq(documentCounters.retailerId, venue.venue.id)),
      books: await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.issuerVatNumber, TIN)),
    }));

    // Every payment answered 200 is COMPLETED and has exactly its receipt.
    const paymentById = new Map(facts.payments.map((p) => [p.id, p]));
    const documentsOf = (paymentId: number) => facts.documents.filter((d) => d.paymentId === paymentId);
    for (const { paymentId } of answered) {
      expect(paymentById.get(paymentId)?.status).toBe("COMPLETED");
      const receipts = documentsOf(paymentId);
      expect(receipts.map((d) => [d.type, d.invoiceType, d.totalCents])).toEqual([["RECEIPT", "11.1", BILL_CENTS]]);
    }
    // A payment a kill cut may or may not exist, but a COMPLETED one has its receipt, and nothing else has one.
    const completed = facts.payments.filter((p) => p.status === "COMPLETED");
    for (const payment of completed) {
      expect(documentsOf(payment.id).reduce((sum, d) => sum + d.totalCents, 0)).toBe(payment.amountCents);
    }
    const completedIds = new Set(completed.map((p) => p.id));
    expect(facts.documents.filter((d) => d.paymentId == null || !completedIds.has(d.paymentId))).toEqual([]);
    expect(completed.length).toBeGreaterThanOrEqual(answered.length);
    expect(completed.length).toBeLessThanOrEqual(answered.length + cut.filter((c) => c.step === "payment").length);

    // Numbers per series and type: 1…n, no gap, no repeat, and the counter agrees.
    const numbers = new Map<string, number[]>();
    for (const d of facts.documents) {
      const key = `${d.series}/${d.invoiceType}`;
      numbers.set(key, [...(numbers.get(key) ?? []), d.number]);
    }
    for (const [key, list] of numbers) {
      const sorted = [...list].sort((a, b) => a - b);
      expect(sorted, key).toEqual(sorted.map((_, i) => i + 1));
      const [series, invoiceType] = key.split("/");
      expect(facts.counters.find((c) => c.series === series && c.invoiceType === invoiceType)?.lastNumber).toBe(sorted.length);
    }

    // Every document is SENT with its mark; AADE's books hold each uid once, with that same mark.
    expect(facts.documents.filter((d) => d.status !== "SENT" || !d.mark || !d.uid)).toEqual([]);
    expect(new Set(facts.documents.map((d) => d.mark)).size).toBe(facts.documents.length);
    expect(facts.books).toHaveLength(facts.documents.length);
    const bookByUid = new Map(facts.books.map((b) => [b.uid, b]));
    expect(bookByUid.size).toBe(facts.books.length);
    for (const d of facts.documents) expect(bookByUid.get(d.uid as string)?.mark, `document ${d.number}`).toBe(d.mark);

    // The sends the kills cut were settled the way they had to be: one AADE had not recorded was
    // sent again by a later instance; one whose answer was lost was reconciled, not sent again.
    const documentOf = (i: ProbeEvent["invoices"][number]) =>
      facts.documents.find((d) => d.series === i.series && d.invoiceType === i.invoiceType && d.number === i.aa);
    let resent = 0;
    let reconciled = 0;
    for (const kill of kills) {
      for (const send of kill.sends.filter((s) => s.sure)) {
        for (const invoice of send.invoices) {
          const document = documentOf(invoice);
          expect(document, JSON.stringify(invoice)).toBeDefined();
          const book = bookByUid.get(document?.uid as string);
          expect(document?.transmittedAt?.getTime()).toBeGreaterThan(kill.at);
          if (send.state === "sending") {
            expect(book?.createdAt.getTime()).toBeGreaterThan(kill.at);
            resent += 1;
          } else {
            expect(book?.createdAt.getTime()).toBeLessThanOrEqual(kill.at);
            reconciled += 1;
          }
        }
      }
    }
    const midSend = kills.filter((k) => k.sends.length > 0).length;
    log(
      `${kills.length} kills, ${midSend} mid-send (${kills.filter((k) => k.sends.some((s) => s.state === "sending")).length} before AADE recorded, ` +
        `${kills.filter((k) => k.sends.some((s) => s.state === "answer-lost")).length} with the answer on its way); ` +
        `${resent} document(s) sent again after a cut send, ${reconciled} reconciled from AADE's books; ` +
        `${sendCalls} SendInvoices calls for ${facts.documents.length} documents`,
    );
    log(
      `${completed.length} payments COMPLETED (${answered.length} answered 200), ${facts.documents.length} documents all SENT; ` +
        `restarts ${restartMs.join("/")} ms; drain ${drainMs} ms after the last payment; total ${Date.now() - began} ms`,
    );
    if (server.problems.length) log(`the children logged:\n${server.problems.slice(0, 20).join("\n")}`);
    // The kills did land where they were aimed.
    expect(midSend).toBeGreaterThanOrEqual(3);
    expect(resent).toBeGreaterThan(0);
    expect(reconciled).toBeGreaterThan(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
