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
const TIMEOUT_MS = 15_000;
/** A token is renewed this long before Viva says it expires, so no call goes out with a stale one. */
const EXPIRY_MARGIN_MS = 60_000;

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
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly settings: VivaSettings) {}

  async createOrder(order: CardPaymentOrder): Promise<{ orderCode: string }> {
    const body = {
      amount: order.amountCents,
      customerTrns: order.customerTrns,
      merchantTrns: order.merchantTrns,
      paymentTimeout: order.timeoutSeconds,
      customer: { requestLang: order.lang === "en" ? "en-GB" : "el-GR" },
      ...(this.settings.sourceCode ? { sourceCode: this.settings.sourceCode } : {}),
    };
    const text = await this.call("POST", "/checkout/v2/orders", body);
    const orderCode = rawOrderCode(text);
    if (!orderCode) throw new CardProviderError("Viva answered without an order code");
    return { orderCode };
  }

  checkoutUrl(orderCode: string): string {
    return `${this.settings.checkoutUrl}/web/checkout?ref=${encodeURIComponent(orderCode)}`;
  }

  async verifyTransaction(transactionId: string): Promise<ProviderTransaction | null> {
    const text = await this.call("GET", `/checkout/v2/transactions/${encodeURIComponent(transactionId)}`, undefined, [404]);
    if (text === null) return null;
    const json = JSON.parse(text) as { statusId?: unknown; amount?: unknown };
    const orderCode = rawOrderCode(text);
    if (typeof json.statusId !== "string" || typeof json.amount !== "number" || !orderCode) {
      throw new CardProviderError("Viva answered a transaction without status, amount or order code");
    }
    // The transactions API gives the amount in euros with two decimals.
    return { transactionId, orderCode, statusId: json.statusId, amountCents: Math.round(json.amount * 100) };
  }

  /** Calls Viva's API with a bearer token; a 401 (token revoked early) gets one fresh token. */
  private async call(method: string, path: string, body?: unknown): Promise<string>;
  private async call(method: string, path: string, body: unknown, absent: number[]): Promise<string | null>;
  private async call(method: string, path: string, body?: unknown, absent: number[] = []): Promise<string | null> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await this.fetch(`${this.settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (absent.includes(response.status)) return null;
      const text = await response.text();
      if (!response.ok) throw new CardProviderError(`Viva ${method} ${path} answered ${response.status}`);
      return text;
    }
  }

  /** The cached token until shortly before it expires; concurrent callers share one request. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString("base64");
    const response = await this.fetch(`${this.settings.accountsUrl}/connect/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: SCOPE }).toString(),
    });
    if (!response.ok) throw new CardProviderError(`Viva token request answered ${response.status}`);
    const json = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== "string") throw new CardProviderError("Viva token answer without access_token");
    const seconds = typeof json.expires_in === "number" ? json.expires_in : 3600;
    this.token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, seconds * 1000 - EXPIRY_MARGIN_MS) };
    return json.access_token;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new CardProviderError(`Viva unreachable: ${(error as Error).message}`);
    }
  }
}
