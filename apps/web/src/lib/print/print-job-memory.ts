import type { StoredValue } from "../stored-value.ts";
import { randomId } from "../uuid.ts";

/** Keys printed this session, kept so a reload never prints a thing twice. */
const MAX_REMEMBERED_KEYS = 500;

/** A printer as the agent takes it: "192.168.1.50" or "192.168.1.50:9101" (port apart); null for none. */
export function printerAddress(printerIp: string | null | undefined): { printerIp: string; printerPort?: number } | null {
  const value = printerIp?.trim();
  if (!value) return null;
  const withPort = /^([^:\s]+):(\d{1,5})$/.exec(value);
  return withPort ? { printerIp: withPort[1], printerPort: Number(withPort[2]) } : { printerIp: value };
}

/**
 * What a screen that auto-prints remembers of its jobs: one agent job id per print key, so a
 * retried job is recognisable as the same job by the agent, and the keys done this session.
 */
export class PrintJobMemory {
  private readonly ids = new Map<string, string>();

  constructor(private readonly doneKeys: StoredValue<string[]>) {}

  jobId(key: string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = randomId();
      this.ids.set(key, id);
    }
    return id;
  }

  /** The keys done before (e.g. before a reload), for the print queue. */
  done(): string[] {
    return this.doneKeys.get();
  }

  rememberDone(key: string): void {
    this.doneKeys.set((keys) => [...keys.filter((k) => k !== key), key].slice(-MAX_REMEMBERED_KEYS));
  }
}
