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
  /** How long a HANG lasts before the call times out. */
  timeoutMs?: number;
  /** Added before every answer, e.g. 300 ms to measure how far an outbox falls behind. */
  latencyMs?: number;
  /** The QR link's base; AADE's own form by default. */
  qrBaseUrl?: string;
  /** Check every InvoicesDoc against the XSD, as AADE does (on by default). */
  validate?: boolean;
}

export interface HeldInvoice extends TransmittedInvoice {
  issuerVatNumber: string;
  /** The invoice as it was sent, alone in an InvoicesDoc of its own. */
  xml: string;
  cancellationDate?: string | null;
}

/**
 * Where the sandbox keeps its books: in memory by default, or in a table of its own so it answers
 * RequestTransmittedDocs the same after a restart (features/invoicing/sandbox-mydata-books.ts).
 */
export interface SandboxBooks {
  /** A new mark, above every mark handed out before, by any instance sharing these books. */
  takeMark(): Promise<string>;
  byUid(uid: string): Promise<HeldInvoice | null>;
  byMark(mark: string): Promise<HeldInvoice | null>;
  add(invoice: HeldInvoice): Promise<void>;
  cancel(mark: string, cancellationMark: string, cancellationDate: string): Promise<void>;
  /** Every invoice, in mark order. */
  all(): Promise<HeldInvoice[]>;
}

/** The sandbox's books in memory: gone on restart. */
export class MemorySandboxBooks implements SandboxBooks {
  private readonly marks = new Map<string, HeldInvoice>();
  /** Marks increase by one from the first, 15 digits as AADE's. */
  constructor(private nextMark = 400_000_000_000_001n) {}
  async takeMark() {
    const mark = this.nextMark;
    this.nextMark += 1n;
    return String(mark);
  }
  async byUid(uid: string) {
    return [...this.marks.values()].find((held) => held.uid === uid) ?? null;
  }
  async byMark(mark: string) {
    return this.marks.get(mark) ?? null;
  }
  async add(invoice: HeldInvoice) {
    this.marks.set(invoice.mark, { ...invoice });
  }
  async cancel(mark: string, cancellationMark: string, cancellationDate: string) {
    const held = this.marks.get(mark);
    if (held) Object.assign(held, { cancelledByMark: cancellationMark, cancellationDate });
  }
  async all() {
    return [...this.marks.values()].sort((a, b) => (BigInt(a.mark) < BigInt(b.mark) ? -1 : 1)).map((held) => ({ ...held }));
  }
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
  private readonly books: SandboxBooks;
  /** Calls are booked one at a time, so a uid sent twice at once is still refused the second time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Every SendInvoices call received, whatever the mode: for tests counting attempts. */
  sendCalls = 0;

  constructor(private readonly options: MydataSandboxOptions & { books?: SandboxBooks } = {}) {
    this.books = options.books ?? new MemorySandboxBooks();
  }

  /** What the sandbox is told now: for the admin's demo page and the tests. */
  get currentMode(): SandboxMode {
    return this.mode;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
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
  async held(): Promise<readonly TransmittedInvoice[]> {
    return (await this.books.all()).map(({ xml: _xml, cancellationDate: _date, ...invoice }) => invoice);
  }

  private async sendInvoices(issuerVatNumber: string, xml: string): Promise<InvoiceOutcome[]> {
    this.sendCalls += 1;
    await this.answerDelay();
    return this.serial(() => this.record(issuerVatNumber, xml));
  }

  private async record(issuerVatNumber: string, xml: string): Promise<InvoiceOutcome[]> {
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
    const invoiceXmls = eachInvoiceAlone(xml, invoices.length);
    const outcomes: InvoiceOutcome[] = [];
    for (const [position, invoice] of invoices.entries()) {
      outcomes.push(await this.recordInvoice(issuerVatNumber, invoiceXmls[position], invoice, position + 1, mode));
    }
    if (mode === "LOSE_ANSWER")
      throw new FiscalTransmissionError("unreachable", "SendInvoices: the connection dropped before the answer");
    return outcomes;
  }

  private async recordInvoice(
    issuerVatNumber: string,
    xml: string,
    invoice: ReturnType<typeof readXml>,
    index: number,
    mode: SandboxMode,
  ): Promise<InvoiceOutcome> {
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
    if (await this.books.byUid(uid)) return refused(index, "DUPLICATE_UID", `An invoice with uid ${uid} is already transmitted`);
    const correlated = children(
      invoice.children.find((c) => c.name === "invoiceHeader"),
      "correlatedInvoices",
    ).map((c) => c.text);
    for (const known of correlated) {
      if ((await this.books.byMark(known))?.issuerVatNumber !== issuerVatNumber) {
        return refused(index, "UNKNOWN_MARK", `Correlated invoice ${known} is not known`);
      }
    }

    const mark = await this.books.takeMark();
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
    await this.books.add(held);
    return { index, status: "ACCEPTED", uid, mark, qrUrl: held.qrUrl, authenticationCode: held.authenticationCode };
  }

  private async cancelInvoice(issuerVatNumber: string, mark: string): Promise<CancelOutcome> {
    await this.answerDelay();
    const mode = this.mode;
    if (mode === "FAIL" || mode === "HANG") return this.failCall("CancelInvoice");
    if (mode === "REFUSE") return { status: "REJECTED", statusCode: "ValidationError", errors: [refusal("REFUSED", "Refused")] };
    return this.serial(() => this.recordCancel(issuerVatNumber, mark, mode));
  }

  private async recordCancel(issuerVatNumber: string, mark: string, mode: SandboxMode): Promise<CancelOutcome> {
    const held = await this.books.byMark(mark);
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
    const cancellationMark = await this.books.takeMark();
    await this.books.cancel(mark, cancellationMark, new Date().toISOString().slice(0, 10));
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
    const held = (await this.books.all()).filter((h) => h.issuerVatNumber === issuerVatNumber);
    return {
      invoices: held
        .filter((h) => BigInt(h.mark) > above && inRange(h.issueDate))
        .map(({ xml: _xml, cancellationDate: _date, ...invoice }) => ({ ...invoice })),
      cancellations: held
        .filter((h) => h.cancelledByMark !== null && BigInt(h.cancelledByMark) > above)
        .map((h) => ({
          invoiceMark: h.mark,
          cancellationMark: h.cancelledByMark as string,
          cancellationDate: h.cancellationDate ?? null,
        })),
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

/**
 * Each invoice of an InvoicesDoc in a document of its own (the root's namespaces kept), as the books
 * keep it; the whole document for each when its invoices cannot be told apart.
 */
function eachInvoiceAlone(xml: string, count: number): string[] {
  const root = /<InvoicesDoc\b[^>]*>/.exec(xml)?.[0];
  const invoices = xml.match(/<invoice>[\s\S]*?<\/invoice>/g) ?? [];
  if (!root || invoices.length !== count) return Array(count).fill(xml);
  return invoices.map((invoice) => `<?xml version="1.0" encoding="UTF-8"?>${root}${invoice}</InvoicesDoc>`);
}

function refusal(code: string, message: string): MydataError {
  return { code, message };
}

function refused(index: number, code: string, message: string): InvoiceOutcome {
  return { index, status: "REJECTED", statusCode: "ValidationError", errors: [refusal(code, message)] };
}
