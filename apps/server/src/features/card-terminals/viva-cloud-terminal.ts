import type { CardTerminal, TerminalSaleRequest, TerminalSaleResult } from "./card-terminal.ts";
import { CardTerminalError } from "./card-terminal.ts";

export interface VivaCloudTerminalSettings {
  clientId: string;
  clientSecret: string;
  cashRegisterId: string;
  accountsUrl: string;
  apiUrl: string;
}

const TIMEOUT_MS = 15_000;
/** A token is renewed this long before Viva says it expires, so no call goes out with a stale one. */
const EXPIRY_MARGIN_MS = 60_000;
/** Euro as ISO 4217 numeric, as the cloud terminal API wants it. */
const EURO = "978";
/** The session's eventId while the terminal is still working on it; 0 is success. */
const IN_PROGRESS = 1100;
const SUCCESS = 0;

/**
 * Viva's cloud terminal API (developer.viva.com, "apis-for-point-of-sale/card-terminals-devices"):
 * OAuth2 client credentials with the POS API credentials; `POST /ecr/v1/transactions:sale` sends a
 * sale to a terminal under a session id we make, `GET /ecr/v1/sessions/{id}` tells how it stands
 * (eventId 1100 in progress, 0 success with its transactionId, anything else failed), and
 * `DELETE /ecr/v1/sessions/{id}?cashRegisterId=` aborts it. A session Viva does not know yet (404)
 * is still in progress: the terminal has not reported.
 */
export class VivaCloudTerminal implements CardTerminal {
  readonly name = "viva-terminal";
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly settings: VivaCloudTerminalSettings) {}

  supports(type: string): boolean {
    return type === "Viva";
  }

  async startSale(sale: TerminalSaleRequest): Promise<void> {
    await this.call("POST", "/ecr/v1/transactions:sale", {
      sessionId: sale.sessionId,
      terminalId: sale.tid,
      cashRegisterId: this.settings.cashRegisterId,
      amount: sale.amountCents,
      currencyCode: EURO,
      merchantReference: sale.merchantReference,
      customerTrns: sale.customerTrns,
      tipAmount: 0,
      showTransactionResult: true,
      showReceipt: true,
    });
  }

  async saleResult(sessionId: string): Promise<TerminalSaleResult> {
    const text = await this.call("GET", `/ecr/v1/sessions/${encodeURIComponent(sessionId)}`, undefined, [404]);
    if (text === null || text.trim() === "") return { state: "IN_PROGRESS" };
    let session: { eventId?: unknown; success?: unknown; transactionId?: unknown; amount?: unknown };
    try {
      session = JSON.parse(text);
    } catch {
      throw new CardTerminalError("Viva answered a session that is not JSON");
    }
    const eventId = typeof session.eventId === "number" ? session.eventId : null;
    if (eventId === IN_PROGRESS) return { state: "IN_PROGRESS" };
    if (eventId === SUCCESS && session.success !== false) {
      if (typeof session.transactionId !== "string" || !session.transactionId) {
        throw new CardTerminalError("Viva answered a successful session without a transaction id");
      }
      // The session's amount is in cents, like the sale's.
      return {
        state: "APPROVED",
        transactionId: session.transactionId,
        amountCents: typeof session.amount === "number" ? Math.round(session.amount) : null,
      };
    }
    if (eventId === null) throw new CardTerminalError("Viva answered a session without an eventId");
    return { state: "DECLINED", eventId };
  }

  async abortSale(sessionId: string): Promise<void> {
    const query = new URLSearchParams({ cashRegisterId: this.settings.cashRegisterId });
    await this.call("DELETE", `/ecr/v1/sessions/${encodeURIComponent(sessionId)}?${query}`, undefined, [404]);
  }

  /** Calls Viva's API with a bearer token; a 401 (token revoked early) gets one fresh token. */
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
      if (!response.ok) throw new CardTerminalError(`Viva ${method} ${path} answered ${response.status}`);
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
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    if (!response.ok) throw new CardTerminalError(`Viva token request answered ${response.status}`);
    const json = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== "string") throw new CardTerminalError("Viva token answer without access_token");
    const seconds = typeof json.expires_in === "number" ? json.expires_in : 3600;
    this.token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, seconds * 1000 - EXPIRY_MARGIN_MS) };
    return json.access_token;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new CardTerminalError(`Viva unreachable: ${(error as Error).message}`);
    }
  }
}
