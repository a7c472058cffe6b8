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

/** A print agent the test controls: connected or not, answering ok or an error; it keeps the jobs sent. */
export function fakePrintService<J>() {
  let status: PrintServiceStatus = "CONNECTED";
  const listeners = new Set<() => void>();
  const jobs: J[] = [];
  let answer: PrintResult = { ok: true };
  return {
    jobs,
    setAnswer: (next: PrintResult) => {
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
        jobs.push(request.job as J);
        return answer;
      }),
    },
  };
}
