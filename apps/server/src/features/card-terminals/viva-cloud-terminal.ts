import { VivaApi } from "../../lib/viva-api.ts";
import type { CardTerminal, TerminalSaleRequest, TerminalSaleResult } from "./card-terminal.ts";
import { CardTerminalError } from "./card-terminal.ts";

export interface VivaCloudTerminalSettings {
  clientId: string;
  clientSecret: string;
  cashRegisterId: string;
  accountsUrl: string;
  apiUrl: string;
}

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
  private readonly api: VivaApi;

  constructor(private readonly settings: VivaCloudTerminalSettings) {
    this.api = new VivaApi(settings, (message) => new CardTerminalError(message));
  }

  supports(type: string): boolean {
    return type === "Viva";
  }

  async startSale(sale: TerminalSaleRequest): Promise<void> {
    await this.api.call("POST", "/ecr/v1/transactions:sale", {
      sessionId: sale.sessionId,
      terminalId: sale.tid,
      cashRegisterId: this.settings.cashRegisterId,
      amount: sale.amountCents,
      currencyCode: EURO,
      merchantReference: sale.merchantReference,
      customerTrns: sale.customerTrns,
      // The tip rides inside the amount and is marked as such (issue 32).
      tipAmount: sale.tipCents,
      showTransactionResult: true,
      showReceipt: true,
    });
  }

  async saleResult(sessionId: string): Promise<TerminalSaleResult> {
    const text = await this.api.call("GET", `/ecr/v1/sessions/${encodeURIComponent(sessionId)}`, undefined, [404]);
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
    await this.api.call("DELETE", `/ecr/v1/sessions/${encodeURIComponent(sessionId)}?${query}`, undefined, [404]);
  }
}
