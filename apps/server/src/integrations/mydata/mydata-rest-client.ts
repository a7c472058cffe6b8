import {
  type CancelOutcome,
  FiscalTransmissionError,
  type FiscalTransmitter,
  type InvoiceOutcome,
  type MydataError,
  type TransmittedDocs,
  type TransmittedDocsFilter,
  type TransmittedInvoice,
} from "./transmitter.ts";
import { child, children, readXml, textAt, type XmlElement } from "./xml-reader.ts";

/** AADE's bases (INTEGRATIONS.md, myDATA): the dev environment for trials, production for real sales. */
export const MYDATA_BASE_URLS = {
  dev: "https://mydataapidev.aade.gr/",
  production: "https://mydatapi.aade.gr/myDATA/",
} as const;
export type MydataEnvironment = keyof typeof MYDATA_BASE_URLS;

const DEFAULT_TIMEOUT_MS = 15_000;
/** RequestTransmittedDocs answers in pages; this many are followed before giving up on one call. */
const DEFAULT_MAX_PAGES = 50;

export interface MydataRestSettings {
  /** MYDATA_BASE_URLS[environment], or a stand-in's address in tests. */
  baseUrl: string;
  /** The venue's myDATA user (header aade-user-id). */
  userId: string;
  /** The venue's subscription key (header ocp-apim-subscription-key). A secret: never logged. */
  subscriptionKey: string;
  timeoutMs?: number;
  maxPages?: number;
  /** Told of every call: what, the HTTP status (null when none came) and how long it took. Nothing secret. */
  log?: (entry: { operation: string; status: number | null; ms: number }) => void;
}

/**
 * AADE's myDATA REST API for an ERP-style issuer: SendInvoices, CancelInvoice and
 * RequestTransmittedDocs, with the venue's credentials in AADE's two headers and XML bodies.
 * A ResponseDoc's per-invoice errors are outcomes (AADE read the document and refused it); no
 * answer, a timeout, a non-2xx status or an unreadable body is a FiscalTransmissionError, since
 * then nobody knows whether AADE recorded the document.
 */
export class MydataRestClient implements FiscalTransmitter {
  private readonly baseUrl: string;

  constructor(private readonly settings: MydataRestSettings) {
    this.baseUrl = settings.baseUrl.endsWith("/") ? settings.baseUrl : `${settings.baseUrl}/`;
  }

  async sendInvoices(xml: string): Promise<InvoiceOutcome[]> {
    const responses = await this.responseDoc("SendInvoices", "POST", "SendInvoices", xml);
    return responses.map((response, position): InvoiceOutcome => {
      const index = Number(textAt(response, "index") ?? position + 1);
      const statusCode = textAt(response, "statusCode") ?? "";
      if (statusCode !== "Success") return { index, status: "REJECTED", statusCode, errors: errorsOf(response) };
      const uid = textAt(response, "invoiceUid");
      const mark = textAt(response, "invoiceMark");
      if (!uid || !mark) throw new FiscalTransmissionError("unreadable", "SendInvoices: a success without uid or mark");
      return {
        index,
        status: "ACCEPTED",
        uid,
        mark,
        qrUrl: textAt(response, "qrUrl") || null,
        authenticationCode: textAt(response, "authenticationCode") || null,
      };
    });
  }

  async cancelInvoice(mark: string): Promise<CancelOutcome> {
    if (!/^\d{1,19}$/.test(mark)) throw new RangeError(`Not a mark: ${mark}`);
    const [response] = await this.responseDoc("CancelInvoice", "POST", `CancelInvoice?mark=${mark}`);
    if (!response) throw new FiscalTransmissionError("unreadable", "CancelInvoice: an empty ResponseDoc");
    const statusCode = textAt(response, "statusCode") ?? "";
    if (statusCode !== "Success") return { status: "REJECTED", statusCode, errors: errorsOf(response) };
    const cancellationMark = textAt(response, "cancellationMark");
    if (!cancellationMark) throw new FiscalTransmissionError("unreadable", "CancelInvoice: a success without cancellationMark");
    return { status: "ACCEPTED", cancellationMark };
  }

  async requestTransmittedDocs(filter: TransmittedDocsFilter): Promise<TransmittedDocs> {
    if (!/^\d{1,19}$/.test(filter.mark)) throw new RangeError(`Not a mark: ${filter.mark}`);
    const result: TransmittedDocs = { invoices: [], cancellations: [] };
    const query = new URLSearchParams({ mark: filter.mark });
    if (filter.dateFrom && filter.dateTo) {
      query.set("dateFrom", aadeDate(filter.dateFrom));
      query.set("dateTo", aadeDate(filter.dateTo));
    }
    for (let page = 0; page < (this.settings.maxPages ?? DEFAULT_MAX_PAGES); page++) {
      const text = await this.call("RequestTransmittedDocs", "GET", `RequestTransmittedDocs?${query}`);
      const doc = parse("RequestTransmittedDocs", text);
      if (doc.name !== "RequestedDoc") {
        throw new FiscalTransmissionError("unreadable", `RequestTransmittedDocs: a ${doc.name} instead of a RequestedDoc`);
      }
      result.invoices.push(...children(child(doc, "invoicesDoc"), "invoice").map(transmittedInvoice));
      result.cancellations.push(
        ...children(child(doc, "cancelledInvoicesDoc"), "cancelledInvoice").map((c) => ({
          invoiceMark: textAt(c, "invoiceMark") ?? "",
          cancellationMark: textAt(c, "cancellationMark") ?? "",
          cancellationDate: textAt(c, "cancellationDate"),
        })),
      );
      const partition = textAt(doc, "continuationToken", "nextPartitionKey");
      const row = textAt(doc, "continuationToken", "nextRowKey");
      if (!partition || !row) return result;
      query.set("nextPartitionKey", partition);
      query.set("nextRowKey", row);
    }
    throw new FiscalTransmissionError("unreadable", "RequestTransmittedDocs: more pages than allowed");
  }

  private async responseDoc(operation: string, method: string, path: string, body?: string): Promise<XmlElement[]> {
    const doc = parse(operation, await this.call(operation, method, path, body));
    if (doc.name !== "ResponseDoc")
      throw new FiscalTransmissionError("unreadable", `${operation}: a ${doc.name} instead of a ResponseDoc`);
    return children(doc, "response");
  }

  private async call(operation: string, method: string, path: string, body?: string): Promise<string> {
    const started = performance.now();
    let status: number | null = null;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          "aade-user-id": this.settings.userId,
          "ocp-apim-subscription-key": this.settings.subscriptionKey,
          accept: "application/xml",
          ...(body === undefined ? {} : { "content-type": "application/xml; charset=utf-8" }),
        },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      status = response.status;
      const text = await response.text();
      if (!response.ok) throw new FiscalTransmissionError("http", `${operation} answered ${response.status}`, response.status);
      return text;
    } catch (error) {
      if (error instanceof FiscalTransmissionError) throw error;
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new FiscalTransmissionError(
          "timeout",
          `${operation}: no answer within ${this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`,
        );
      }
      // fetch's message names the cause (ECONNREFUSED …), never the request's headers.
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new FiscalTransmissionError("unreachable", `${operation}: AADE unreachable (${cause})`);
    } finally {
      this.settings.log?.({ operation, status, ms: Math.round(performance.now() - started) });
    }
  }
}

function parse(operation: string, text: string): XmlElement {
  try {
    return readXml(text);
  } catch {
    throw new FiscalTransmissionError("unreadable", `${operation}: the answer is not XML`);
  }
}

function errorsOf(response: XmlElement): MydataError[] {
  return children(child(response, "errors"), "error").map((error) => ({
    code: textAt(error, "code") ?? "",
    message: textAt(error, "message") ?? "",
  }));
}

function transmittedInvoice(invoice: XmlElement): TransmittedInvoice {
  return {
    uid: textAt(invoice, "uid"),
    mark: textAt(invoice, "mark") ?? "",
    cancelledByMark: textAt(invoice, "cancelledByMark"),
    authenticationCode: textAt(invoice, "authenticationCode"),
    qrUrl: textAt(invoice, "qrCodeUrl"),
    issuerVatNumber: textAt(invoice, "issuer", "vatNumber"),
    series: textAt(invoice, "invoiceHeader", "series"),
    aa: textAt(invoice, "invoiceHeader", "aa"),
    issueDate: textAt(invoice, "invoiceHeader", "issueDate"),
    invoiceType: textAt(invoice, "invoiceHeader", "invoiceType"),
  };
}

/** AADE's query dates are dd/MM/yyyy (its API documentation for RequestTransmittedDocs). */
function aadeDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDay}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}
