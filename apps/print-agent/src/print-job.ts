import { renderBill } from "./bill-layout.ts";
import type { CodePageName } from "./escpos/code-pages.ts";
import { renderFiscalDocument } from "./fiscal-document-layout.ts";
import { renderKitchenTicket, renderVoidTicket } from "./kitchen-ticket-layout.ts";
import type { PrintJob } from "./protocol.ts";
import { renderStatsReport } from "./stats-report-layout.ts";
import { renderTestPage } from "./test-page-layout.ts";

export interface RenderJobOptions {
  /** Used when the job names no code page: the one the venue's printers are set up for. */
  defaultCodePage: CodePageName;
  now?: Date;
}

/** Turns a validated print job into the bytes the printer gets. */
export function renderJob(job: PrintJob, options: RenderJobOptions): Uint8Array {
  switch (job.kind) {
    case "kitchen-ticket":
      return renderKitchenTicket(job.ticket, {
        bigLetters: job.bigLetters,
        codePage: job.codePage ?? options.defaultCodePage,
        areaName: job.areaName,
        now: options.now,
      });
    case "void-ticket":
      return renderVoidTicket(job.ticket, job.cancelled, {
        bigLetters: job.bigLetters,
        codePage: job.codePage ?? options.defaultCodePage,
        areaName: job.areaName,
        now: options.now,
      });
    case "bill":
      return renderBill(job.bill, {
        bigLetters: job.bigLetters,
        codePage: job.codePage ?? options.defaultCodePage,
        now: options.now,
      });
    case "stats-report":
      return renderStatsReport(job.report, {
        bigLetters: job.bigLetters,
        codePage: job.codePage ?? options.defaultCodePage,
        now: options.now,
      });
    case "receipt":
    case "order-slip":
      return renderFiscalDocument(job.venue, job.document, {
        bigLetters: job.bigLetters,
        copy: job.copy,
        codePage: job.codePage ?? options.defaultCodePage,
        now: options.now,
      });
    case "test-page":
      return renderTestPage(job.page, { codePage: job.codePage ?? options.defaultCodePage, now: options.now });
    case "raw":
      return new Uint8Array(Buffer.from(job.base64, "base64"));
  }
}
