import { vi } from "vitest";
import type { StoredValue } from "../stored-value.ts";
import type { PrintRequest, PrintResult, PrintServiceStatus } from "./print-service.ts";

/** Unit tests' stand-ins for the print agent and for browser storage (never imported by the app). */

/** A stored value kept in memory. */
export function memoryValue<T>(initial: T): StoredValue<T> {
  let value = initial;
  return {
    get: () => value,
    set: (next) => {
      value = typeof next === "function" ? (next as (v: T) => T)(value) : next;
    },
    subscribe: () => () => {},
  };
}

/**
 * A print agent the test controls: connected or not, answering ok or an error (the same for every
 * job, or per job); it keeps every job it was sent, and the ones that came out.
 */
export function fakePrintService<J>() {
  let status: PrintServiceStatus = "CONNECTED";
  const listeners = new Set<() => void>();
  const jobs: J[] = [];
  const printed: J[] = [];
  let answer: PrintResult | ((job: J) => PrintResult) = { ok: true };
  return {
    jobs,
    printed,
    setAnswer: (next: PrintResult | ((job: J) => PrintResult)) => {
      answer = next;
    },
    setStatus: (next: PrintServiceStatus) => {
      status = next;
      for (const l of listeners) l();
    },
    service: {
      getStatus: () => status,
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      print: vi.fn(async (request: PrintRequest) => {
        const job = request.job as J;
        jobs.push(job);
        const result = typeof answer === "function" ? answer(job) : answer;
        if (result.ok) printed.push(job);
        return result;
      }),
    },
  };
}
