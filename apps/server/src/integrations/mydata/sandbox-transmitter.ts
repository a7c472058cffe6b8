import { createHash } from "node:crypto";
import { computeInvoiceUid } from "./invoice-uid.ts";
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
import { validateInvoicesDoc } from "./validate-xml.ts";
import { children, readXml, textAt } from "./xml-reader.ts";

/**
 * How the sandbox behaves, as a test or a demo asks:
 * - ACCEPT: like AADE on a good day;
 * - REFUSE: reads every invoice and refuses it (a ValidationError answer);
 * - FAIL: answers nothing usable (a 500, or the connection refused: `failure`);
 * - HANG: never answers; the call ends as a timeout after `timeoutMs`, as the REST client's would;
 * - LOSE_ANSWER: records what it is sent, then the answer is lost (the connection drops) — a crash
 *   between sending and recording, which only RequestTransmittedDocs can reconcile.
 */
export type SandboxMode = "ACCEPT" | "REFUSE" | "FAIL" | "HANG" | "LOSE_ANSWER";

export interface MydataSandboxOptions {
  /** The first mark handed out; marks then increase by one, 15 digits as AADE's. */
  firstMark?: bigint;
  /** How long a HANG lasts before the call times out. */
  timeoutMs?: number;
  /** Added before every answer, e.g. 300 ms to measure how far an outbox falls behind. */
  latencyMs?: number;
  /** The QR link's base; AADE's own form by default. */
  qrBaseUrl?: string;
  /** Check every InvoicesDoc against the XSD, as AADE does (on by default). */
  validate?: boolean;
}

interface HeldInvoice extends TransmittedInvoice {
  issuerVatNumber: string;
  /** The InvoicesDoc it came in, for tests that look at what was really sent. */
  xml: string;
}

/**
 * A built-in stand-in for AADE's myDATA, for the embedded default, demos and tests: it validates
 * against the XSD, hands out increasing 15-digit marks, computes uids as AADE does, answers a qrUrl
 * and an authenticationCode, refuses a uid it already holds, and remembers what it was sent (in
 * memory) so RequestTransmittedDocs can answer. One sandbox is "AADE"; each venue talks to it
 * through `transmitterFor(itsVatNumber)`, which sees only that issuer's documents, like AADE's
 * per-user credentials.
 */
export class MydataSandbox {
  private mode: SandboxMode = "ACCEPT";
  private failure: "HTTP_500" | "UNREACHABLE" = "HTTP_500";
  private nextMark: bigint;
  private readonly byUid = new Map<string, HeldInvoice>();
  private readonly byMark = new Map<string, HeldInvoice>();
  private readonly cancellations: {
    issuerVatNumber: string;
    invoiceMark: string;
    cancellationMark: string;
    cancellationDate: string;
  }[] = [];
  /** Every SendInvoices call received, whatever the mode: for tests counting attempts. */
  sendCalls = 0;

  constructor(private readonly options: MydataSandboxOptions = {}) {
    this.nextMark = options.firstMark ?? 400_000_000_000_001n;
  }

  /** Switches behaviour for every later call (`failure` only matters for FAIL). */
  setMode(mode: SandboxMode, failure: "HTTP_500" | "UNREACHABLE" = "HTTP_500"): void {
    this.mode = mode;
    this.failure = failure;
  }

  /** The channel of one issuer (the venue's ΑΦΜ), as AADE's credentials scope it. */
  transmitterFor(issuerVatNumber: string): FiscalTransmitter {
    return {
      sendInvoices: (xml) => this.sendInvoices(issuerVatNumber, xml),
      cancelInvoice: (mark) => this.cancelInvoice(issuerVatNumber, mark),
      requestTransmittedDocs: (filter) => this.requestTransmittedDocs(issuerVatNumber, filter),
    };
  }

  /** What the sandbox holds, in mark order: for tests and the admin's demo. */
  held(): readonly TransmittedInvoice[] {
    return [...this.byMark.values()];
  }

  /** The XML it accepted under this uid, or null. */
  xmlOf(uid: string): string | null {
    return this.byUid.get(uid)?.xml ?? null;
  }

  private async sendInvoices(issuerVatNumber: string, xml: string): Promise<InvoiceOutcome[]> {
    this.sendCalls += 1;
    await this.answerDelay();
    const mode = this.mode;
    if (mode === "FAIL" || mode === "HANG") return this.failCall("SendInvoices");

    const validation = this.options.validate === false ? { valid: true, errors: [] } : await validateInvoicesDoc(xml);
    if (!validation.valid) {
      return [
        {
          index: 1,
          status: "REJECTED",
          statusCode: "XMLSyntaxError",
          errors: validation.errors.map((message) => ({ code: "101", message })),
        },
      ];
    }
    const invoices = children(readXml(xml), "invoice");
    const outcomes = invoices.map((invoice, position): InvoiceOutcome => {
      const index = position + 1;
      if (mode === "REFUSE") return refused(index, "REFUSED", "The sandbox was told to refuse every invoice");
      const fields = {
        issuerVatNumber: textAt(invoice, "issuer", "vatNumber") ?? "",
        issueDate: textAt(invoice, "invoiceHeader", "issueDate") ?? "",
        branch: Number(textAt(invoice, "issuer", "branch") ?? 0),
        invoiceType: textAt(invoice, "invoiceHeader", "invoiceType") ?? "",
        series: textAt(invoice, "invoiceHeader", "series") ?? "",
        aa: textAt(invoice, "invoiceHeader", "aa") ?? "",
      };
      if (fields.issuerVatNumber !== issuerVatNumber) {
        return refused(index, "ISSUER_MISMATCH", `The issuer ${fields.issuerVatNumber} is not this user's ${issuerVatNumber}`);
      }
      const uid = computeInvoiceUid(fields);
      if (this.byUid.has(uid)) return refused(index, "DUPLICATE_UID", `An invoice with uid ${uid} is already transmitted`);
      const correlated = children(
        invoice.children.find((c) => c.name === "invoiceHeader"),
        "correlatedInvoices",
      ).map((c) => c.text);
      const unknown = correlated.find((mark) => this.byMark.get(mark)?.issuerVatNumber !== issuerVatNumber);
      if (unknown) return refused(index, "UNKNOWN_MARK", `Correlated invoice ${unknown} is not known`);

      const mark = String(this.nextMark++);
      const held: HeldInvoice = {
        uid,
        mark,
        cancelledByMark: null,
        authenticationCode: createHash("sha1").update(`${uid}:${mark}`).digest("hex").toUpperCase(),
        qrUrl: `${this.options.qrBaseUrl ?? "https://mydataapidev.aade.gr/TimologioQR/QRInfo"}?q=${Buffer.from(`${mark}:${uid}`).toString("base64url")}`,
        issuerVatNumber,
        series: fields.series,
        aa: fields.aa,
        issueDate: fields.issueDate,
        invoiceType: fields.invoiceType,
        xml,
      };
      this.byUid.set(uid, held);
      this.byMark.set(mark, held);
      return { index, status: "ACCEPTED", uid, mark, qrUrl: held.qrUrl, authenticationCode: held.authenticationCode };
    });
    if (mode === "LOSE_ANSWER")
      throw new FiscalTransmissionError("unreachable", "SendInvoices: the connection dropped before the answer");
    return outcomes;
  }

  private async cancelInvoice(issuerVatNumber: string, mark: string): Promise<CancelOutcome> {
    await this.answerDelay();
    const mode = this.mode;
    if (mode === "FAIL" || mode === "HANG") return this.failCall("CancelInvoice");
    if (mode === "REFUSE") return { status: "REJECTED", statusCode: "ValidationError", errors: [refusal("REFUSED", "Refused")] };
    const held = this.byMark.get(mark);
    if (!held || held.issuerVatNumber !== issuerVatNumber) {
      return {
        status: "REJECTED",
        statusCode: "ValidationError",
        errors: [refusal("UNKNOWN_MARK", `No invoice with mark ${mark}`)],
      };
    }
    if (held.cancelledByMark) {
      return {
        status: "REJECTED",
        statusCode: "ValidationError",
        errors: [refusal("ALREADY_CANCELLED", `Mark ${mark} is already cancelled`)],
      };
    }
    const cancellationMark = String(this.nextMark++);
    held.cancelledByMark = cancellationMark;
    this.cancellations.push({
      issuerVatNumber,
      invoiceMark: mark,
      cancellationMark,
      cancellationDate: new Date().toISOString().slice(0, 10),
    });
    if (mode === "LOSE_ANSWER")
      throw new FiscalTransmissionError("unreachable", "CancelInvoice: the connection dropped before the answer");
    return { status: "ACCEPTED", cancellationMark };
  }

  private async requestTransmittedDocs(issuerVatNumber: string, filter: TransmittedDocsFilter): Promise<TransmittedDocs> {
    await this.answerDelay();
    if (this.mode === "FAIL" || this.mode === "HANG") return this.failCall("RequestTransmittedDocs");
    const above = BigInt(filter.mark);
    const inRange = (day: string | null) =>
      !filter.dateFrom || !filter.dateTo || (day !== null && day >= filter.dateFrom && day <= filter.dateTo);
    return {
      invoices: [...this.byMark.values()]
        .filter((held) => held.issuerVatNumber === issuerVatNumber && BigInt(held.mark) > above && inRange(held.issueDate))
        .map(({ xml: _xml, ...invoice }) => ({ ...invoice })),
      cancellations: this.cancellations
        .filter((c) => c.issuerVatNumber === issuerVatNumber && BigInt(c.cancellationMark) > above)
        .map(({ issuerVatNumber: _issuer, ...c }) => ({ ...c })),
    };
  }

  private async answerDelay(): Promise<void> {
    if (this.options.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
  }

  private async failCall(operation: string): Promise<never> {
    if (this.mode === "HANG") {
      const timeoutMs = this.options.timeoutMs ?? 15_000;
      await new Promise((resolve) => setTimeout(resolve, timeoutMs));
      throw new FiscalTransmissionError("timeout", `${operation}: no answer within ${timeoutMs} ms`);
    }
    if (this.failure === "UNREACHABLE")
      throw new FiscalTransmissionError("unreachable", `${operation}: AADE unreachable (ECONNREFUSED)`);
    throw new FiscalTransmissionError("http", `${operation} answered 500`, 500);
  }
}

function refusal(code: string, message: string): MydataError {
  return { code, message };
}

function refused(index: number, code: string, message: string): InvoiceOutcome {
  return { index, status: "REJECTED", statusCode: "ValidationError", errors: [refusal(code, message)] };
}
