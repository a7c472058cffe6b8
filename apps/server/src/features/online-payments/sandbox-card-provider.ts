import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxCardOrders, sandboxCardTransactions } from "../../db/schema.ts";
import type { CardPaymentOrder, CardPaymentProvider, ProviderTransaction } from "./card-provider.ts";

/** Where the sandbox's checkout page lives (served by sandbox-routes.ts). */
export const SANDBOX_CHECKOUT_PATH = "/sandbox/card-checkout";

/**
 * The embedded default's card provider. It behaves like Viva Smart Checkout: it keeps its own
 * orders and transactions (in its own tables, so every server instance sees them), serves a
 * checkout page where the guest approves or declines, sends the browser back with s and t, and
 * answers transaction look-ups the way Viva's API does, so the product's flow is the real one.
 */
export class SandboxCardProvider implements CardPaymentProvider {
  readonly name = "sandbox";

  constructor(private readonly db: Db) {}

  async createOrder(order: CardPaymentOrder): Promise<{ orderCode: string }> {
    // 16 digits, like Viva's order codes.
    const orderCode = `${randomInt(1, 10)}${Array.from({ length: 15 }, () => randomInt(0, 10)).join("")}`;
    await this.db.insert(sandboxCardOrders).values({
      orderCode,
      amountCents: order.amountCents,
      tipCents: order.tipCents,
      customerTrns: order.customerTrns,
      merchantTrns: order.merchantTrns,
      expiresAt: new Date(Date.now() + order.timeoutSeconds * 1000),
    });
    return { orderCode };
  }

  checkoutUrl(orderCode: string): string {
    return `${SANDBOX_CHECKOUT_PATH}?ref=${encodeURIComponent(orderCode)}`;
  }

  async verifyTransaction(transactionId: string): Promise<ProviderTransaction | null> {
    const [row] = await this.db
      .select()
      .from(sandboxCardTransactions)
      .where(eq(sandboxCardTransactions.transactionId, transactionId))
      .limit(1);
    return row ? { transactionId, orderCode: row.orderCode, statusId: row.statusId, amountCents: row.amountCents } : null;
  }

  /** Like Viva's order cancel: the order can no longer be paid; answers its charge, if any. */
  async closeOrder(orderCode: string): Promise<ProviderTransaction | null> {
    await this.db.update(sandboxCardOrders).set({ expiresAt: new Date() }).where(eq(sandboxCardOrders.orderCode, orderCode));
    const [paid] = await this.db
      .select()
      .from(sandboxCardTransactions)
      .where(and(eq(sandboxCardTransactions.orderCode, orderCode), eq(sandboxCardTransactions.statusId, "F")))
      .limit(1);
    return paid ? { transactionId: paid.transactionId, orderCode, statusId: "F", amountCents: paid.amountCents } : null;
  }

  async findOrder(orderCode: string) {
    const [order] = await this.db.select().from(sandboxCardOrders).where(eq(sandboxCardOrders.orderCode, orderCode)).limit(1);
    if (!order) return null;
    const transactions = await this.db
      .select()
      .from(sandboxCardTransactions)
      .where(eq(sandboxCardTransactions.orderCode, orderCode));
    return { ...order, paid: transactions.some((t) => t.statusId === "F") };
  }

  /**
   * The guest's card decision on the checkout page: a finished (F) or unsuccessful (E)
   * transaction, as Viva records one per attempt. An expired or already paid order takes none.
   */
  async decide(orderCode: string, approve: boolean): Promise<{ transactionId: string } | null> {
    const order = await this.findOrder(orderCode);
    if (!order || order.paid || order.expiresAt.getTime() < Date.now()) return null;
    const transactionId = randomUUID();
    await this.db.insert(sandboxCardTransactions).values({
      transactionId,
      orderCode,
      statusId: approve ? "F" : "E",
      amountCents: order.amountCents,
    });
    return { transactionId };
  }
}
