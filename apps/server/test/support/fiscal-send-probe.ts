import { MydataSandbox } from "../../src/integrations/mydata/sandbox-transmitter.ts";
import type { InvoiceOutcome } from "../../src/integrations/mydata/transmitter.ts";
import { PROBE_PREFIX, type ProbeEvent } from "./server-child.ts";

/**
 * The server child's entry in the kill tests (`node --import tsx <this file>`): it starts
 * apps/server/src/main.ts as it is and only lets the test see the myDATA sandbox's
 * SendInvoices calls, one JSON line on stdout per step, so a SIGKILL can be aimed at a send in
 * flight. Steps: "send-start" (the outbox handed a batch over; the sandbox's latency runs), then
 * "recorded" (the sandbox holds the invoices in its books) and "answered" (the outbox gets the
 * outcomes), or "failed". FISCAL_PROBE_ANSWER_MS delays the answer after the sandbox recorded it,
 * as the way back from AADE takes time: a kill in that window is a lost answer that only
 * RequestTransmittedDocs can reconcile. Each line carries the child's clock (`at`).
 */

const answerMs = Number(process.env.FISCAL_PROBE_ANSWER_MS ?? 0);
const prototype = MydataSandbox.prototype as unknown as {
  sendInvoices(issuerVatNumber: string, xml: string): Promise<InvoiceOutcome[]>;
};
const send = prototype.sendInvoices;
let calls = 0;

function invoicesOf(xml: string): ProbeEvent["invoices"] {
  return [...xml.matchAll(/<invoice>([\s\S]*?)<\/invoice>/g)].map(([, body]) => ({
    series: /<series>([^<]*)<\/series>/.exec(body)?.[1] ?? "",
    invoiceType: /<invoiceType>([^<]*)<\/invoiceType>/.exec(body)?.[1] ?? "",
    aa: Number(/<aa>([^<]*)<\/aa>/.exec(body)?.[1]),
  }));
}

// On Linux a pipe's writes are synchronous: the line is out before the step goes on.
const emit = (event: ProbeEvent) => process.stdout.write(`${PROBE_PREFIX}${JSON.stringify(event)}\n`);

prototype.sendInvoices = async function (this: MydataSandbox, issuerVatNumber: string, xml: string) {
  calls += 1;
  const call = calls;
  const invoices = invoicesOf(xml);
  emit({ step: "send-start", call, at: Date.now(), invoices });
  let outcomes: InvoiceOutcome[];
  try {
    outcomes = await send.call(this, issuerVatNumber, xml);
  } catch (error) {
    emit({ step: "failed", call, at: Date.now(), invoices });
    throw error;
  }
  emit({ step: "recorded", call, at: Date.now(), invoices });
  if (answerMs > 0) await new Promise((resolve) => setTimeout(resolve, answerMs));
  emit({ step: "answered", call, at: Date.now(), invoices });
  return outcomes;
};

// Now the production entry, unchanged (it imports the same sandbox module, patched above).
await import("../../src/main.ts");
