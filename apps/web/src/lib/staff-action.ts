import { ApiError, type ApiRequestOptions, apiFetch } from "./api-client.ts";
import { randomId } from "./uuid.ts";

/**
 * A staff action as it is sent: the call and its Idempotency-Key, made when the user taps. Plain
 * data, so a queue can keep it (the offline queue, in IndexedDB) and send it again with the same
 * key: the server answers a key it has seen with its first answer and does nothing twice
 * (docs/decisions/035-staff-mutations-idempotent.md).
 */
export interface StaffAction {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  idempotencyKey: string;
}

/** The server is still running the key's first request: no answer yet, so the same key again later. */
const STILL_RUNNING = "idempotency_request_in_progress";

/**
 * Which key a tap sends. A tap is a new action with a new key, unless the same call (path and
 * body) was sent before and no answer came (offline, a timeout, a server failure, its key still
 * running): then it is that action tried again, with its key, so the server does it at most once.
 * Any answer settles an action, and an answer to a later action settles every earlier one too:
 * "deliver" tried again after an "undo" went through is a new delivery, not the old one's replay.
 */
export class ActionKeys {
  private readonly unanswered = new Map<string, { action: StaffAction; sentAs: number }>();
  private sent = 0;

  constructor(private readonly newKey: () => string = randomId) {}

  /** The action for a tap on this call. */
  actionFor(method: StaffAction["method"], path: string, body?: unknown): StaffAction {
    const pending = this.unanswered.get(identity(method, path, body));
    return pending ? pending.action : { method, path, body, idempotencyKey: this.newKey() };
  }

  /** The action is on its way: until it is answered, a tap on the same call is this action again. */
  sending(action: StaffAction): number {
    this.sent += 1;
    this.unanswered.set(identity(action.method, action.path, action.body), { action, sentAs: this.sent });
    return this.sent;
  }

  /** The action's outcome: answered (done or refused) settles it and every action sent before it. */
  settled(action: StaffAction, sentAs: number, answered: boolean): void {
    if (!answered) return;
    for (const [call, pending] of this.unanswered) {
      if (pending.sentAs <= sentAs || pending.action.idempotencyKey === action.idempotencyKey) this.unanswered.delete(call);
    }
  }
}

const identity = (method: string, path: string, body: unknown) => `${method} ${path} ${JSON.stringify(body ?? null)}`;

/** Whether a failure is an answer (the server decided) rather than the lack of one. */
export function isAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status > 0 && error.status < 500 && error.key !== STILL_RUNNING;
}

const keys = new ActionKeys();
const inFlight = new Map<string, Promise<unknown>>();

/** The action for a tap on a staff mutation, with its key (a retry's own, or a new one). */
export const staffAction = (method: StaffAction["method"], path: string, body?: unknown): StaffAction =>
  keys.actionFor(method, path, body);

/**
 * Sends a staff action with its Idempotency-Key through the one HTTP client. A second tap while
 * the same action is on its way waits for the same answer instead of sending it again.
 */
export function sendStaffAction<T>(action: StaffAction, options: Pick<ApiRequestOptions, "quiet"> = {}): Promise<T> {
  const running = inFlight.get(action.idempotencyKey);
  if (running) return running as Promise<T>;
  const sentAs = keys.sending(action);
  const request = apiFetch<T>(action.path, {
    ...options,
    method: action.method,
    body: action.body,
    headers: { "Idempotency-Key": action.idempotencyKey },
  }).then(
    (response) => {
      keys.settled(action, sentAs, true);
      return response.data;
    },
    (error: unknown) => {
      keys.settled(action, sentAs, isAnswer(error));
      throw error;
    },
  );
  const tracked = request.finally(() => inFlight.delete(action.idempotencyKey));
  inFlight.set(action.idempotencyKey, tracked);
  return tracked;
}
