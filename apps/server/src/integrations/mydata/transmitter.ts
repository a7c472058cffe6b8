/**
 * How the product talks to myDATA, whoever is on the other side: AADE's REST API
 * (`mydata-rest-client.ts`), the built-in sandbox (`sandbox-transmitter.ts`), a certified provider
 * later. The outbox worker sees only this.
 */
export interface FiscalTransmitter {
  /** Sends an InvoicesDoc; one outcome per invoice, in the document's order (`index` from 1). */
  sendInvoices(xml: string): Promise<InvoiceOutcome[]>;
  /** Cancels a transmitted document by its mark. */
  cancelInvoice(mark: string): Promise<CancelOutcome>;
  /**
   * What AADE holds that this issuer transmitted with a mark above `mark` (AADE's meaning of the
   * parameter), to reconcile by uid after a crash between sending and recording the answer.
   */
  requestTransmittedDocs(filter: TransmittedDocsFilter): Promise<TransmittedDocs>;
}

export interface MydataError {
  code: string;
  message: string;
}

export type InvoiceOutcome =
  | {
      index: number;
      status: "ACCEPTED";
      uid: string;
      mark: string;
      qrUrl: string | null;
      authenticationCode: string | null;
    }
  | {
      index: number;
      status: "REJECTED";
      /** AADE's statusCode: ValidationError, XMLSyntaxError, TechnicalError … */
      statusCode: string;
      errors: MydataError[];
    };

export type CancelOutcome =
  | { status: "ACCEPTED"; cancellationMark: string }
  | { status: "REJECTED"; statusCode: string; errors: MydataError[] };

export interface TransmittedDocsFilter {
  /** Documents with a mark above this one; "0" for all. */
  mark: string;
  /** YYYY-MM-DD bounds of the issue date, both or neither (AADE's dateFrom/dateTo). */
  dateFrom?: string;
  dateTo?: string;
}

export interface TransmittedInvoice {
  uid: string | null;
  mark: string;
  cancelledByMark: string | null;
  authenticationCode: string | null;
  qrUrl: string | null;
  issuerVatNumber: string | null;
  series: string | null;
  aa: string | null;
  issueDate: string | null;
  invoiceType: string | null;
}

export interface TransmittedDocs {
  invoices: TransmittedInvoice[];
  cancellations: { invoiceMark: string; cancellationMark: string; cancellationDate: string | null }[];
}

/**
 * The answer never came or was not AADE's: unreachable, timed out, a 5xx, or an unreadable body.
 * Whether the invoice reached AADE is unknown, so the worker reconciles by uid before sending
 * again. `retryable` is false for answers that repeating cannot fix (401/403: the venue's
 * credentials are wrong), which the admin must see.
 */
export class FiscalTransmissionError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "http" | "unreadable",
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "FiscalTransmissionError";
  }

  get retryable(): boolean {
    return !(this.kind === "http" && (this.status === 401 || this.status === 403));
  }
}
