import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { documents, orderProducts } from "../../db/schema.ts";
import { buildInvoicesDoc } from "../../integrations/mydata/invoice-xml.ts";
import { FiscalTransmissionError, type FiscalTransmitter } from "../../integrations/mydata/transmitter.ts";
import { validateInvoicesDocs } from "../../integrations/mydata/validate-xml.ts";
import { DOCUMENTS_CHANGED, type DocumentRow } from "../../lib/issue-documents.ts";
import type { EventBus } from "../../realtime/types.ts";
import { factsOfDocument } from "./document-facts.ts";
import type { VenueTransmitters } from "./venue-transmitters.ts";

const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * The outbox's two kinds of work: documents to send, and transmitted order slips whose pieces were
 * taken off and which AADE must cancel (an order slip AADE refused was never there: nothing to cancel).
 */
const WORK = {
  send: sql`status = 'PENDING' and invoice_type <> ''`,
  cancel: sql`cancellation_requested_at is not null and cancellation_mark is null and status = 'SENT'`,
};

/** A document and what AADE answered for it. */
interface Answered {
  row: DocumentRow;
  answer: { uid: string; mark: string; qrUrl: string | null; authenticationCode: string | null };
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The fiscal outbox (ARCHITECTURE §4): one worker per instance claims PENDING documents with a
 * lease (a conditional UPDATE with SKIP LOCKED, so two instances never hold the same document),
 * checks the batch against AADE's XSD in one libxml2 run, sends the valid ones in one InvoicesDoc
 * per venue and records AADE's answer (mark, uid, qrUrl, authenticationCode). A document that
 * fails the XSD or that AADE refuses is marked REFUSED with the reason, for the admin to see. A
 * transport failure is retried with exponential back-off. Before a send the document is stamped
 * (send_started_at, committed): when the answer is lost, the next attempt first asks AADE what it
 * holds (RequestTransmittedDocs) and matches by uid, so a crash at any point sends nothing twice.
 */
export class FiscalOutbox {
  private readonly owner = `outbox-${randomUUID()}`;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = true;

  constructor(
    private readonly options: {
      db: Db;
      events: EventBus;
      transmitters: VenueTransmitters;
      pollMs: number;
      batchSize: number;
      /**
       * How many batches may be out at once (config FISCAL_OUTBOX_LANES): while one waits for AADE's
       * answer the next is claimed, checked and sent. The leases keep them apart.
       */
      lanes: number;
      /** How long a claim holds (config FISCAL_OUTBOX_LEASE_SECONDS): a crashed instance's claims lapse after it. */
      leaseSeconds: number;
      log: Logger;
    },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (let lane = 0; lane < this.options.lanes; lane += 1) this.schedule(this.options.pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running].map((run) => run.catch(() => undefined)));
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    const timer = setTimeout(async () => {
      this.timers.delete(timer);
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, "fiscal outbox run failed");
      }
      // A full batch means more is waiting: go on at once.
      this.schedule(handled >= this.options.batchSize ? 0 : this.options.pollMs);
    }, delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  /**
   * Sends until a run settles nothing (all sent, or AADE still down) (tests, and the admin's "send now"); `dueBy` treats documents
   * waiting for a later retry as due by then.
   */
  async drain(options: { dueBy?: Date } = {}): Promise<number> {
    let total = 0;
    for (;;) {
      const { settled } = await this.tracked(this.claimAndSend(options.dueBy ?? null));
      total += settled;
      // Stops when a run settled nothing: what is left waits for AADE or for another document.
      if (settled === 0) return total;
    }
  }

  /** One batch: claims due documents, transmits them by venue, records the outcomes. Answers how many it claimed. */
  async runOnce(options: { dueBy?: Date } = {}): Promise<number> {
    return (await this.tracked(this.claimAndSend(options.dueBy ?? null))).claimed;
  }

  /**
   * Every venue's documents still to send and cancellations still to make, due now or retrying
   * later (the metrics' queue depth).
   */
  async backlog(): Promise<{ toSend: number; toCancel: number }> {
    const { rows } = (await this.options.db.execute(sql`select
      (select count(*) from documents where ${WORK.send})::int as "toSend",
      (select count(*) from documents where ${WORK.cancel})::int as "toCancel"`)) as unknown as {
      rows: { toSend: number; toCancel: number }[];
    };
    return rows[0];
  }

  /** A run stop() waits for. */
  private async tracked<T>(run: Promise<T>): Promise<T> {
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** One run: due documents are sent, then due cancellations of order slips made. */
  private async claimAndSend(dueBy: Date | null): Promise<{ claimed: number; settled: number }> {
    const claimed = [...(await this.claim(dueBy, "send")), ...(await this.claim(dueBy, "cancel"))];
    if (!claimed.length) return { claimed: 0, settled: 0 };
    const byVenue = new Map<number, DocumentRow[]>();
    for (const row of claimed) byVenue.set(row.retailerId, [...(byVenue.get(row.retailerId) ?? []), row]);
    const changed: DocumentRow[] = [];
    for (const [retailerId, rows] of byVenue) {
      try {
        const toSend = rows.filter((row) => row.status === "PENDING");
        const toCancel = rows.filter((row) => row.status !== "PENDING");
        if (toSend.length) changed.push(...(await this.sendVenue(retailerId, toSend)));
        if (toCancel.length) changed.push(...(await this.cancelVenue(retailerId, toCancel)));
      } catch (error) {
        this.options.log.error({ err: error, retailerId }, "fiscal outbox: a venue's batch failed");
        await this.retryLater(rows, error instanceof Error ? error.message : String(error));
      }
    }
    await this.tell(changed);
    return { claimed: claimed.length, settled: changed.length };
  }

  /** Leases due work of one kind (WORK). */
  private async claim(dueBy: Date | null, work: keyof typeof WORK): Promise<DocumentRow[]> {
    const due = dueBy ? sql`${dueBy.toISOString()}::timestamptz` : sql`now()`;
    const ids = sql`(
      select id from documents
      where ${WORK[work]}
        and (next_attempt_at is null or next_attempt_at <= ${due})
        and (lease_until is null or lease_until < now())
      order by next_attempt_at nulls first, id
      limit ${this.options.batchSize}
      for update skip locked
    )`;
    return this.options.db
      .update(documents)
      .set({ leaseOwner: this.owner, leaseUntil: sql`now() + make_interval(secs => ${this.options.leaseSeconds})` })
      .where(sql`${documents.id} in ${ids}`)
      .returning()
      .then((rows) => rows.sort((a, b) => a.id - b.id));
  }

  private async sendVenue(retailerId: number, rows: DocumentRow[]): Promise<DocumentRow[]> {
    const vatNumber = rows[0].issuerVatNumber;
    const transmitter = await this.options.transmitters.forVenue(retailerId, vatNumber);
    if (!transmitter) {
      await this.retryLater(rows, "The venue has not given its myDATA credentials", MAX_BACKOFF_MS);
      return [];
    }
    const changed: DocumentRow[] = [];

    // A credit note needs the mark of the receipt it corrects: it waits until that is transmitted.
    const correlatedIds = rows.map((r) => r.correlatedDocumentId).filter((id): id is number => id != null);
    const originals = correlatedIds.length
      ? await this.options.db.select().from(documents).where(inArray(documents.id, correlatedIds))
      : [];
    const markOf = new Map(originals.map((o) => [o.id, o]));
    let sendable: DocumentRow[] = [];
    for (const row of rows) {
      if (row.correlatedDocumentId == null) {
        sendable.push(row);
        continue;
      }
      const original = markOf.get(row.correlatedDocumentId);
      if (original?.mark) sendable.push(row);
      else if (original?.status === "REFUSED") changed.push(await this.refuse(row, "The document it cancels was refused"));
      else await this.retryLater([row], "Waiting for the cancelled document's mark", this.options.pollMs, false);
    }

    // Documents whose earlier send may have reached AADE: ask AADE first, by uid.
    const inDoubt = sendable.filter((r) => r.sendStartedAt != null);
    if (inDoubt.length) {
      const recorded = await this.reconcile(transmitter, inDoubt);
      if (recorded === null) {
        await this.retryLater(inDoubt, "RequestTransmittedDocs failed");
        sendable = sendable.filter((r) => r.sendStartedAt == null);
      } else {
        changed.push(...recorded);
        const done = new Set(recorded.map((r) => r.id));
        sendable = sendable.filter((r) => !done.has(r.id));
      }
    }
    if (!sendable.length) return changed;

    // Nothing that fails AADE's schema is ever sent: the batch is checked in one libxml2 run.
    const built = sendable.map((row) => {
      try {
        const original = row.correlatedDocumentId != null ? markOf.get(row.correlatedDocumentId) : undefined;
        return { row, facts: factsOfDocument(row, original?.mark ?? null), xml: "" as string, error: null as string | null };
      } catch (error) {
        return { row, facts: null, xml: "", error: error instanceof Error ? error.message : String(error) };
      }
    });
    for (const item of built) {
      if (!item.facts) continue;
      try {
        item.xml = buildInvoicesDoc([item.facts]);
      } catch (error) {
        item.error = error instanceof Error ? error.message : String(error);
      }
    }
    const toCheck = built.filter((b) => !b.error);
    const validations = await validateInvoicesDocs(toCheck.map((b) => b.xml));
    toCheck.forEach((item, index) => {
      if (!validations[index].valid) item.error = `XSD: ${validations[index].errors.join("; ")}`;
    });
    for (const item of built.filter((b) => b.error)) changed.push(await this.refuse(item.row, item.error as string));
    const valid = built.filter((b) => !b.error);
    if (!valid.length) return changed;

    await this.options.db
      .update(documents)
      .set({ sendStartedAt: new Date() })
      .where(
        inArray(
          documents.id,
          valid.map((v) => v.row.id),
        ),
      );
    let outcomes: Awaited<ReturnType<FiscalTransmitter["sendInvoices"]>>;
    try {
      outcomes = await transmitter.sendInvoices(buildInvoicesDoc(valid.map((v) => v.facts as NonNullable<typeof v.facts>)));
    } catch (error) {
      const retryable = !(error instanceof FiscalTransmissionError) || error.retryable;
      const message = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ retailerId, count: valid.length, err: message }, "myDATA send failed; will retry");
      await this.retryLater(
        valid.map((v) => v.row),
        message,
        retryable ? undefined : MAX_BACKOFF_MS,
      );
      return changed;
    }
    const accepted: Answered[] = [];
    for (const [position, item] of valid.entries()) {
      const outcome = outcomes.find((o) => o.index === position + 1);
      if (outcome?.status === "ACCEPTED") {
        accepted.push({ row: item.row, answer: outcome });
      } else if (outcome) {
        changed.push(
          await this.refuse(item.row, outcome.errors.map((e) => `${e.code}: ${e.message}`).join("; ") || outcome.statusCode),
        );
      } else {
        await this.retryLater([item.row], "AADE answered no outcome for it");
      }
    }
    changed.push(...(await this.record(accepted)));
    return changed;
  }

  /**
   * Cancels transmitted order slips at AADE (CancelInvoice by mark) and records the cancellation's
   * mark. A second CancelInvoice of the same mark is refused by AADE and changes nothing there, so
   * nothing is stamped before the call: a refusal is checked against what AADE holds
   * (RequestTransmittedDocs lists cancellations), which is how an answer lost in a crash is found.
   */
  private async cancelVenue(retailerId: number, rows: DocumentRow[]): Promise<DocumentRow[]> {
    const transmitter = await this.options.transmitters.forVenue(retailerId, rows[0].issuerVatNumber);
    if (!transmitter) {
      await this.retryLater(rows, "The venue has not given its myDATA credentials", MAX_BACKOFF_MS);
      return [];
    }
    const changed: DocumentRow[] = [];
    for (const row of rows) {
      const mark = row.mark as string;
      let outcome: Awaited<ReturnType<FiscalTransmitter["cancelInvoice"]>>;
      try {
        outcome = await transmitter.cancelInvoice(mark);
      } catch (error) {
        await this.retryLater([row], error instanceof Error ? error.message : String(error));
        continue;
      }
      let cancellationMark = outcome.status === "ACCEPTED" ? outcome.cancellationMark : null;
      if (!cancellationMark) {
        // Its cancellation's mark is above its own.
        const held = await transmitter.requestTransmittedDocs({ mark }).catch(() => null);
        cancellationMark = held?.cancellations.find((c) => c.invoiceMark === mark)?.cancellationMark ?? null;
      }
      if (!cancellationMark) {
        const reason =
          outcome.status === "REJECTED" ? outcome.errors.map((e) => `${e.code}: ${e.message}`).join("; ") : "no answer";
        await this.retryLater([row], `CancelInvoice: ${reason}`, MAX_BACKOFF_MS);
        continue;
      }
      const [updated] = await this.options.db
        .update(documents)
        .set({ cancellationMark, leaseOwner: null, leaseUntil: null, lastError: null })
        .where(and(eq(documents.id, row.id), eq(documents.leaseOwner, this.owner)))
        .returning();
      changed.push(updated ?? row);
    }
    return changed;
  }

  /** Records what AADE already holds of documents whose answer was lost; null when AADE could not be asked. */
  private async reconcile(transmitter: FiscalTransmitter, rows: DocumentRow[]): Promise<DocumentRow[] | null> {
    const days = rows
      .map((r) => r.issueDate)
      .filter((d): d is string => d != null)
      .sort();
    let held: Awaited<ReturnType<FiscalTransmitter["requestTransmittedDocs"]>>;
    try {
      held = await transmitter.requestTransmittedDocs({ mark: "0", dateFrom: days[0], dateTo: days[days.length - 1] });
    } catch {
      return null;
    }
    const byUid = new Map(held.invoices.filter((i) => i.uid).map((i) => [i.uid?.toUpperCase(), i]));
    const found: Answered[] = [];
    for (const row of rows) {
      const invoice = byUid.get(row.uid?.toUpperCase());
      if (invoice) {
        found.push({
          row,
          answer: {
            uid: invoice.uid ?? row.uid ?? "",
            mark: invoice.mark,
            qrUrl: invoice.qrUrl,
            authenticationCode: invoice.authenticationCode,
          },
        });
      }
    }
    return this.record(found);
  }

  /** Records AADE's answers, all in one statement: a batch's answers arrive together. */
  private async record(answered: Answered[]): Promise<DocumentRow[]> {
    if (!answered.length) return [];
    const answers = sql.join(
      answered.map(
        ({ row, answer }) =>
          sql`(${row.id}::integer, ${answer.mark}::text, ${answer.uid}::text, ${answer.qrUrl}::text, ${answer.authenticationCode}::text)`,
      ),
      sql`, `,
    );
    const recorded = await this.options.db
      .update(documents)
      .set({
        status: "SENT",
        mark: sql`answer.mark`,
        uid: sql`answer.uid`,
        qrUrl: sql`answer.qr_url`,
        authenticationCode: sql`answer.authentication_code`,
        transmittedAt: new Date(),
        attempts: sql`${documents.attempts} + 1`,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
      })
      .from(sql`(values ${answers}) as answer (id, mark, uid, qr_url, authentication_code)`)
      .where(and(sql`${documents.id} = answer.id`, eq(documents.status, "PENDING")))
      .returning(getTableColumns(documents));
    // A document another instance settled meanwhile is reported as it was.
    const byId = new Map(recorded.map((row) => [row.id, row]));
    return answered.map(({ row }) => byId.get(row.id) ?? row);
  }

  private async refuse(row: DocumentRow, reason: string): Promise<DocumentRow> {
    this.options.log.warn({ documentId: row.id, reason }, "fiscal document refused");
    const [updated] = await this.options.db
      .update(documents)
      .set({
        status: "REFUSED",
        lastError: reason.slice(0, 2000),
        attempts: row.attempts + 1,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(and(eq(documents.id, row.id), eq(documents.status, "PENDING")))
      .returning();
    return updated ?? row;
  }

  /**
   * Puts documents back with a later attempt: exponential back-off from the poll interval, capped.
   * One statement per number of attempts so far (a batch that failed together shares it).
   */
  private async retryLater(rows: DocumentRow[], reason: string, delayMs?: number, counts = true) {
    const byAttempts = new Map<number, number[]>();
    for (const row of rows) {
      const attempts = counts ? row.attempts + 1 : row.attempts;
      byAttempts.set(attempts, [...(byAttempts.get(attempts) ?? []), row.id]);
    }
    for (const [attempts, ids] of byAttempts) {
      const backoff = delayMs ?? Math.min(MAX_BACKOFF_MS, this.options.pollMs * 2 ** Math.min(attempts, 20));
      await this.options.db
        .update(documents)
        .set({
          attempts,
          nextAttemptAt: new Date(Date.now() + backoff),
          lastError: reason.slice(0, 2000),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(and(inArray(documents.id, ids), eq(documents.leaseOwner, this.owner)));
    }
  }

  /** Tells the screens that follow documents (the cash desk's history) which sales changed. */
  private async tell(changed: DocumentRow[]) {
    if (!changed.length) return;
    const byVenue = new Map<number, DocumentRow[]>();
    for (const row of changed) byVenue.set(row.retailerId, [...(byVenue.get(row.retailerId) ?? []), row]);
    for (const [retailerId, rows] of byVenue) {
      const paymentIds = rows.map((r) => r.paymentId).filter((id): id is number => id != null);
      const paid = paymentIds.length
        ? await this.options.db
            .selectDistinct({ orderId: orderProducts.orderId })
            .from(orderProducts)
            .where(and(inArray(orderProducts.paymentId, paymentIds), isNotNull(orderProducts.orderId)))
        : [];
      const orderIds = [
        ...new Set([...rows.map((r) => r.orderId).filter((id): id is number => id != null), ...paid.map((p) => p.orderId)]),
      ];
      await this.options.events.publish({
        type: DOCUMENTS_CHANGED,
        retailerId,
        documentIds: rows.map((r) => r.id),
        orderIds,
      });
    }
  }
}
