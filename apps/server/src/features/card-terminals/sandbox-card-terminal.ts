import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxTerminalSales } from "../../db/schema.ts";
import type { CardTerminal, TerminalSaleRequest, TerminalSaleResult } from "./card-terminal.ts";

/** Where the sandbox terminal's page lives (served by sandbox-routes.ts). */
export const SANDBOX_TERMINAL_PATH = "/sandbox/card-terminal";

/** Viva's event ids, which the sandbox's books keep too. */
const EVENT = { inProgress: 1100, success: 0, declined: 1006, aborted: 1016 } as const;

/**
 * The embedded default's card terminal. It behaves like Viva's cloud terminal: a sale sent to it
 * waits (in its own table, so every server instance and a restart see it) until the person acting
 * as the terminal approves or declines it on the sandbox page, or the cash register aborts it;
 * asked about a session it answers the way Viva's sessions do. Every terminal type is a sandbox
 * terminal here. Deciding tells `onDecided`, so the product need not wait for its next look.
 */
export class SandboxCardTerminal implements CardTerminal {
  readonly name = "sandbox-terminal";
  private listeners: ((sessionId: string) => Promise<void> | void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly cashRegisterId = "tableorder",
  ) {}

  supports(): boolean {
    return true;
  }

  async startSale(sale: TerminalSaleRequest): Promise<void> {
    await this.db.insert(sandboxTerminalSales).values({
      sessionId: sale.sessionId,
      tid: sale.tid,
      cashRegisterId: this.cashRegisterId,
      amountCents: sale.amountCents,
      tipCents: sale.tipCents,
      merchantReference: sale.merchantReference,
      customerTrns: sale.customerTrns,
    });
  }

  async saleResult(sessionId: string): Promise<TerminalSaleResult> {
    const [sale] = await this.db
      .select()
      .from(sandboxTerminalSales)
      .where(eq(sandboxTerminalSales.sessionId, sessionId))
      .limit(1);
    // Like Viva: a session the terminal has not reported is still in progress.
    if (!sale || sale.status === "IN_PROGRESS") return { state: "IN_PROGRESS" };
    if (sale.status === "SUCCESS" && sale.transactionId) {
      return { state: "APPROVED", transactionId: sale.transactionId, amountCents: sale.amountCents };
    }
    return { state: "DECLINED", eventId: sale.eventId };
  }

  async abortSale(sessionId: string): Promise<void> {
    await this.finish(sessionId, "ABORTED", EVENT.aborted, null);
  }

  /** The sales waiting at a terminal, oldest first; with a TID only that terminal's. */
  async pendingSales(tid?: string) {
    return this.db
      .select()
      .from(sandboxTerminalSales)
      .where(and(eq(sandboxTerminalSales.status, "IN_PROGRESS"), tid ? eq(sandboxTerminalSales.tid, tid) : undefined))
      .orderBy(asc(sandboxTerminalSales.createdAt));
  }

  /**
   * The card holder's answer at the terminal: approved (a transaction, as Viva records one) or
   * declined. Only a sale still in progress takes one; answers whether this one did.
   */
  async decide(sessionId: string, approve: boolean): Promise<boolean> {
    const decided = approve
      ? await this.finish(sessionId, "SUCCESS", EVENT.success, randomUUID())
      : await this.finish(sessionId, "DECLINED", EVENT.declined, null);
    if (decided) for (const listener of this.listeners) await listener(sessionId);
    return decided;
  }

  /** Called (and awaited) with the session id after each decision. */
  onDecided(listener: (sessionId: string) => Promise<void> | void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  private async finish(sessionId: string, status: string, eventId: number, transactionId: string | null) {
    const rows = await this.db
      .update(sandboxTerminalSales)
      .set({ status, eventId, transactionId, decidedAt: new Date() })
      .where(and(eq(sandboxTerminalSales.sessionId, sessionId), eq(sandboxTerminalSales.status, "IN_PROGRESS")))
      .returning({ sessionId: sandboxTerminalSales.sessionId });
    return rows.length > 0;
  }
}
