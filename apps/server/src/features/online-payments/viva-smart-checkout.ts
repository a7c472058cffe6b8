import { VivaApi } from "../../lib/viva-api.ts";
import type { CardPaymentOrder, CardPaymentProvider, ProviderTransaction } from "./card-provider.ts";
import { CardProviderError } from "./card-provider.ts";

export interface VivaSettings {
  clientId: string;
  clientSecret: string;
  sourceCode: string | null;
  accountsUrl: string;
  apiUrl: string;
  checkoutUrl: string;
}

const SCOPE = "urn:viva:payments:core:api:redirectcheckout";

/**
 * Viva order codes are 16 digits, beyond JavaScript's exact integers: read them from the raw JSON
 * text, never through a parsed number.
 */
function rawOrderCode(text: string): string | null {
  return /"orderCode"\s*:\s*"?(\d+)"?/i.exec(text)?.[1] ?? null;
}

/**
 * Viva Smart Checkout (developer.viva.com): OAuth2 client credentials, payment orders created
 * server side, the guest redirected to Viva's checkout, transactions verified with the API.
 */
export class VivaSmartCheckout implements CardPaymentProvider {
  readonly name = "viva";
  private readonly api: VivaApi;

  constructor(private readonly settings: VivaSettings) {
    this.api = new VivaApi({ ...settings, scope: SCOPE }, (message) => new CardProviderError(message));
  }

  async createOrder(order: CardPaymentOrder): Promise<{ orderCode: string }> {
    const body = {
      amount: order.amountCents,
      // The tip rides inside the amount and is marked as such (issue 32).
      ...(order.tipCents > 0 ? { tipAmount: order.tipCents } : {}),
      customerTrns: order.customerTrns,
      merchantTrns: order.merchantTrns,
      paymentTimeout: order.timeoutSeconds,
      customer: { requestLang: order.lang === "en" ? "en-GB" : "el-GR" },
      ...(this.settings.sourceCode ? { sourceCode: this.settings.sourceCode } : {}),
    };
    const text = await this.api.call("POST", "/checkout/v2/orders", body);
    const orderCode = rawOrderCode(text);
    if (!orderCode) throw new CardProviderError("Viva answered without an order code");
    return { orderCode };
  }

  checkoutUrl(orderCode: string): string {
    return `${this.settings.checkoutUrl}/web/checkout?ref=${encodeURIComponent(orderCode)}`;
  }

  async verifyTransaction(transactionId: string): Promise<ProviderTransaction | null> {
    const text = await this.api.call("GET", `/checkout/v2/transactions/${encodeURIComponent(transactionId)}`, undefined, [404]);
    if (text === null) return null;
    const json = JSON.parse(text) as { statusId?: unknown; amount?: unknown };
    const orderCode = rawOrderCode(text);
    if (typeof json.statusId !== "string" || typeof json.amount !== "number" || !orderCode) {
      throw new CardProviderError("Viva answered a transaction without status, amount or order code");
    }
    // The transactions API gives the amount in euros with two decimals.
    return { transactionId, orderCode, statusId: json.statusId, amountCents: Math.round(json.amount * 100) };
  }

  /**
   * Cancels the order (DELETE /api/orders/{orderCode}; a paid or expired order cannot be, which
   * Viva answers with a 4xx that is not a failure here) and then reads the order's transactions
   * (GET /api/transactions?ordercode=), so a charge made before the cancel is still found.
   */
  async closeOrder(orderCode: string): Promise<ProviderTransaction | null> {
    const code = encodeURIComponent(orderCode);
    await this.api.call("DELETE", `/api/orders/${code}`, undefined, [400, 404, 409]);
    const text = await this.api.call("GET", `/api/transactions?ordercode=${code}`, undefined, [404]);
    if (text === null) return null;
    const json = JSON.parse(text) as { Transactions?: unknown };
    if (!Array.isArray(json.Transactions)) throw new CardProviderError("Viva answered an order's transactions without a list");
    const paid = (json.Transactions as { TransactionId?: unknown; StatusId?: unknown; Amount?: unknown }[]).find(
      (t) => t.StatusId === "F",
    );
    if (!paid) return null;
    if (typeof paid.TransactionId !== "string" || typeof paid.Amount !== "number") {
      throw new CardProviderError("Viva answered a transaction without id or amount");
    }
    return { transactionId: paid.TransactionId, orderCode, statusId: "F", amountCents: Math.round(paid.Amount * 100) };
  }
}
