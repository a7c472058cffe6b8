import { type RunningAgent, startAgentServer } from "../../apps/print-agent/src/agent-server.ts";
import { type DecodedEscPos, decodeEscPos } from "../../apps/print-agent/src/escpos/decode.ts";
import { DEFAULT_PRINTER_TIMEOUTS, PrinterQueue, sendToPrinter } from "../../apps/print-agent/src/printer-connection.ts";
import { type FakePrinter, startFakePrinter } from "../../apps/print-agent/test/support/fake-printer.ts";
import { retailers } from "../../apps/server/src/db/schema.ts";
import type { RunningServer } from "./start-server.ts";

/** A job as it came out: its lines (trailing blanks trimmed) and its QR codes. */
export interface PrintedJob {
  lines: string[];
  qrCodes: DecodedEscPos["qrCodes"];
}

export interface VenuePrinter {
  printer: FakePrinter;
  /** The lines of the nth job the printer received (1-based), decoded from its ESC/POS bytes. */
  printedLines(nth: number, timeoutMs?: number): Promise<string[]>;
  /** The first job (in order of arrival) whose lines contain this one, once it has come out. */
  printedWith(line: string, timeoutMs?: number): Promise<PrintedJob>;
  close(): Promise<void>;
}

function decodeJob(bytes: Uint8Array): PrintedJob {
  const decoded = decodeEscPos(bytes);
  return { lines: decoded.lines.map((line) => line.text.trimEnd()), qrCodes: decoded.qrCodes };
}

/**
 * The venue's real print agent and a stand-in TCP printer on its own loopback address (raw port
 * 9100, where the agent prints), set as the venue's print service and printer, as its
 * administrator would: what the till's bills and the owner's reports print through. Each file
 * passes a loopback address no other file takes (`grep -rn "127\.0\.0\." e2e`), so two files
 * may run at once; two on one address would fail the second with EADDRINUSE on port 9100.
 */
export async function startVenuePrinter(server: RunningServer, host: string): Promise<VenuePrinter> {
  const printer = await startFakePrinter({ host, port: 9100 });
  const queue = new PrinterQueue((target, bytes) => sendToPrinter(target, bytes, DEFAULT_PRINTER_TIMEOUTS));
  const agent: RunningAgent = await startAgentServer({
    host: "127.0.0.1",
    port: 0,
    allowedOrigins: null,
    print: (target, bytes) => queue.print(target, bytes),
    defaultCodePage: "cp737",
  });
  await server.db.update(retailers).set({ printServiceUrl: agent.url, printerIp: host });
  return {
    printer,
    async printedLines(nth, timeoutMs = 15_000) {
      const jobs = await printer.waitForJobs(nth, timeoutMs);
      return decodeJob(jobs[nth - 1].bytes).lines;
    },
    async printedWith(line, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...printer.jobs]
          .sort((a, b) => a.connection - b.connection)
          .map((job) => decodeJob(job.bytes))
          .find((job) => job.lines.some((l) => l.includes(line)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no printed job has "${line}" (${printer.jobs.length} jobs)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await agent.close();
      await printer.close();
    },
  };
}
