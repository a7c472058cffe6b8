import { ApiError, type ApiRequestOptions, apiFetch, reportApiError } from "./api-client.ts";
import { t } from "./i18n.ts";
import { getToken } from "./session.ts";
import { indexedDbOutboxStore, memoryOutboxStore, type SendOutcome, StaffOutbox, tokenOwner } from "./staff-outbox.ts";
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

/**
 * Whether an action needs the server's answer at once and so is never kept for later: a sale with
 * a card part (a terminal must take the card now, and a card taken without the sale recorded is
 * the loss issue 31 is about).
 */
export function needsConnection(action: StaffAction): boolean {
  const isSale = /\/complete-orders$|\/api\/feed\/issue-receipt$/.test(action.path);
  if (!isSale) return false;
  const body = (action.body ?? {}) as { cardAmount?: number; selectedTerminalId?: unknown };
  return (
    (body.cardAmount ?? 0) > 0 ||
    (body.selectedTerminalId !== undefined && body.selectedTerminalId !== null && body.selectedTerminalId !== "")
  );
}

/**
 * The action was kept on the device to be sent once the server can be reached (lib/staff-outbox.ts):
 * not a failure, so screens mark it "waiting to send" instead of saying an error.
 */
export class StaffActionWaiting extends Error {
  constructor(readonly action: StaffAction) {
    super(t("outbox.waiting"));
    this.name = "StaffActionWaiting";
  }
}

const keys = new ActionKeys();
const inFlight = new Map<string, Promise<unknown>>();

/** The action for a tap on a staff mutation, with its key (a retry's own, or a new one). */
export const staffAction = (method: StaffAction["method"], path: string, body?: unknown): StaffAction =>
  keys.actionFor(method, path, body);

/** One attempt at the server, quietly: the caller decides what a failure says. */
function attempt<T>(action: StaffAction): Promise<T> {
  const running = inFlight.get(action.idempotencyKey);
  if (running) return running as Promise<T>;
  const sentAs = keys.sending(action);
  const request = apiFetch<T>(action.path, {
    quiet: true,
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

/**
 * How a kept action's flush attempt ended. A 401 is not an answer to the action: the session
 * ended, and the action waits until its owner signs in again.
 */
async function sendKept(action: StaffAction): Promise<SendOutcome> {
  try {
    await attempt(action);
    return { answered: true };
  } catch (error) {
    if (isAnswer(error) && !(error instanceof ApiError && error.status === 401)) return { answered: true, refusal: error };
    return { answered: false };
  }
}

/** The device's outbox of staff actions; IndexedDB where the browser has it. */
export const staffOutbox = new StaffOutbox(
  typeof indexedDB === "undefined" ? memoryOutboxStore() : indexedDbOutboxStore(),
  sendKept,
  () => tokenOwner(getToken()),
);

const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** Keeps the action for later; if the device cannot keep it either, the original failure stands. */
async function keepForLater(
  action: StaffAction,
  failure: unknown,
  say: (error: unknown) => unknown,
  tryNow: boolean,
): Promise<never> {
  let kept = false;
  try {
    kept = (await staffOutbox.keep(action)) !== null || staffOutbox.isWaiting(action.idempotencyKey);
  } catch {
    kept = false;
  }
  if (!kept) throw say(failure);
  // Behind others while online: the flush may get through now. After a failed try, the next
  // event (online, a reconnect, the periodic retry) sends it.
  if (tryNow && !browserOffline()) void staffOutbox.flush();
  throw new StaffActionWaiting(action);
}

/**
 * Sends a staff action with its Idempotency-Key through the one HTTP client. A second tap while
 * the same action is on its way waits for the same answer instead of sending it again. When the
 * server cannot be reached (offline, no answer, a 5xx, its key still running) the action is kept
 * in the outbox and the call fails with StaffActionWaiting; while actions wait, a new one waits
 * behind them, so the server sees them in the order they were taken. A card sale is refused
 * offline instead, with the reason.
 */
export async function sendStaffAction<T>(action: StaffAction, options: Pick<ApiRequestOptions, "quiet"> = {}): Promise<T> {
  const say = (error: unknown) => {
    if (!options.quiet && error instanceof ApiError) reportApiError(error);
    return error;
  };
  if (needsConnection(action)) {
    if (browserOffline()) throw say(new ApiError(0, null, null, [t("outbox.cardNeedsConnection")]));
    try {
      return await attempt<T>(action);
    } catch (error) {
      throw say(error);
    }
  }
  await staffOutbox.load();
  if (browserOffline() || staffOutbox.waiting().length > 0) {
    return keepForLater(action, new ApiError(0, null, null, [t("toast.offline")]), say, true);
  }
  try {
    return await attempt<T>(action);
  } catch (error) {
    if (isAnswer(error)) throw say(error);
    return keepForLater(action, error, say, false);
  }
}
