import type { StaffAction } from "./staff-action.ts";

/**
 * A staff action that found no answer (offline, a failed network, a 5xx, its key still running),
 * kept on the device until the server answers it. Whose it is (owner: user and venue) decides who
 * may send it: a phone handed to a colleague never sends the first waiter's collections as theirs.
 */
export interface WaitingAction {
  /** The order actions were taken in: IndexedDB's own increasing key. */
  seq: number;
  owner: string;
  action: StaffAction;
  keptAt: number;
}

/** Where waiting actions live: IndexedDB in the browser, memory in unit tests. */
export interface OutboxStore {
  add(entry: Omit<WaitingAction, "seq">): Promise<WaitingAction>;
  /** Every kept action, in the order they were kept. */
  list(): Promise<WaitingAction[]>;
  remove(seq: number): Promise<void>;
}

/** What sending an action came to: an answer (done, or refused with its error) or none. */
export type SendOutcome = { answered: true; refusal?: unknown } | { answered: false };

/** One flush: what the server accepted, what it refused (a conflict), and whether it stopped early. */
export interface FlushReport {
  sent: WaitingAction[];
  refused: { entry: WaitingAction; refusal: unknown }[];
  /** An action found no answer: it and everything after it still wait, in order. */
  stopped: boolean;
}

/**
 * The queue of staff actions taken while the server could not be reached. It sends the signed-in
 * owner's actions one at a time, oldest first, each with its own Idempotency-Key, so the server
 * does each at most once however often a flush is tried (docs/decisions/042-staff-offline-outbox.md).
 * Any answer settles an action; no answer keeps it and stops the flush, so nothing overtakes it.
 */
export class StaffOutbox {
  private entries: WaitingAction[] = [];
  /** The signed-in owner's share of entries. */
  private mine: readonly WaitingAction[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly reportListeners = new Set<(report: FlushReport) => void>();
  private loading: Promise<void> | null = null;
  private flushing: Promise<FlushReport> | null = null;

  constructor(
    private readonly store: OutboxStore,
    private readonly send: (action: StaffAction) => Promise<SendOutcome>,
    private readonly owner: () => string | null,
  ) {}

  /** Reads what an earlier page left in the store (a reload keeps waiting actions). */
  load(): Promise<void> {
    this.loading ??= this.store.list().then(
      (entries) => this.replace(entries),
      () => this.replace([]),
    );
    return this.loading;
  }

  /** Keeps an action for the signed-in owner, after every action already waiting. */
  async keep(action: StaffAction): Promise<WaitingAction | null> {
    const owner = this.owner();
    if (!owner) return null;
    await this.load();
    if (this.entries.some((entry) => entry.action.idempotencyKey === action.idempotencyKey)) return null;
    const entry = await this.store.add({ owner, action, keptAt: Date.now() });
    this.replace([...this.entries, entry]);
    return entry;
  }

  /** The signed-in owner's waiting actions, oldest first. */
  waiting = (): readonly WaitingAction[] => this.mine;

  /** How many actions of other users (or venues) wait on this device for their owner to return. */
  othersWaiting = (): number => this.entries.length - this.mine.length;

  /** Whether an action with this key is waiting: the screen marks it instead of spinning. */
  isWaiting(idempotencyKey: string): boolean {
    return this.entries.some((entry) => entry.action.idempotencyKey === idempotencyKey);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Hears every flush that settled something, whoever started it: the screen says what was sent. */
  onFlushed = (listener: (report: FlushReport) => void): (() => void) => {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  };

  /**
   * Sends the owner's waiting actions in order. A flush already running is joined, never run
   * twice at once, so no action is on its way twice from this page.
   */
  flush(): Promise<FlushReport> {
    if (this.flushing) return this.flushing;
    this.flushing = this.runFlush()
      .then((report) => {
        if (report.sent.length + report.refused.length > 0) for (const listener of this.reportListeners) listener(report);
        return report;
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  /** The owner changed (a sign-in or sign-out): what is listed as theirs changes with it. */
  ownerChanged(): void {
    this.replace(this.entries);
  }

  private async runFlush(): Promise<FlushReport> {
    await this.load();
    const report: FlushReport = { sent: [], refused: [], stopped: false };
    for (;;) {
      // Read each time: an action kept during the flush goes out after the ones before it.
      const next = this.mine[0];
      if (!next) return report;
      const outcome = await this.send(next.action);
      if (!outcome.answered) {
        report.stopped = true;
        return report;
      }
      await this.store.remove(next.seq);
      this.replace(this.entries.filter((entry) => entry.seq !== next.seq));
      if (outcome.refusal === undefined) report.sent.push(next);
      else report.refused.push({ entry: next, refusal: outcome.refusal });
    }
  }

  private replace(entries: WaitingAction[]): void {
    this.entries = [...entries].sort((a, b) => a.seq - b.seq);
    const owner = this.owner();
    this.mine = this.entries.filter((entry) => entry.owner === owner);
    for (const listener of this.listeners) listener();
  }
}

/** A store in memory, for tests and for browsers without IndexedDB (private modes). */
export function memoryOutboxStore(): OutboxStore {
  const entries = new Map<number, WaitingAction>();
  let seq = 0;
  return {
    async add(entry) {
      seq += 1;
      const kept = { ...entry, seq };
      entries.set(seq, kept);
      return kept;
    },
    async list() {
      return [...entries.values()].sort((a, b) => a.seq - b.seq);
    },
    async remove(key) {
      entries.delete(key);
    },
  };
}

const DB_NAME = "tableorder-staff";
const STORE_NAME = "outbox";

function request<T>(make: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode, db: IDBDatabase): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE_NAME, mode);
    const req = make(transaction.objectStore(STORE_NAME));
    // Resolved on commit, not on the request's success: a reload right after must find it.
    transaction.oncomplete = () => resolve(req.result);
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? req.error);
  });
}

/**
 * The browser's store: one IndexedDB object store whose auto-increment key is the order actions
 * were taken in. Raw IndexedDB (no library): four calls, each one transaction.
 */
export function indexedDbOutboxStore(): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE_NAME, { keyPath: "seq", autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return opened;
  };
  return {
    async add(entry) {
      const seq = await request((store) => store.add(entry), "readwrite", await db());
      return { ...entry, seq: Number(seq) };
    },
    async list() {
      const all = await request((store) => store.getAll() as IDBRequest<WaitingAction[]>, "readonly", await db());
      return all.sort((a, b) => a.seq - b.seq);
    },
    async remove(seq) {
      await request((store) => store.delete(seq), "readwrite", await db());
    },
  };
}

/** Who is signed in, as the outbox names an owner: the token's user and venue (its sub and rid). */
export function tokenOwner(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split(".")[1]?.replace(/-/g, "+").replace(/_/g, "/") ?? "")) as {
      sub?: unknown;
      rid?: unknown;
    };
    return payload.sub === undefined ? null : `${String(payload.sub)}@${String(payload.rid ?? "")}`;
  } catch {
    return null;
  }
}
