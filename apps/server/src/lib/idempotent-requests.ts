import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { IDEMPOTENCY_HEADER, idempotencyKey } from "@tableorder/domain/contracts/orders";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from "fastify";
import type { Principal } from "../auth/principal.ts";
import { routeKey } from "../auth/route-access.ts";
import type { Db, Tx } from "../db/client.ts";
import { staffRequestKeys } from "../db/schema.ts";
import { AppError } from "./app-error.ts";

/**
 * How a route's work records its key:
 * - `transaction`: the key's row is inserted by the first transaction the handler opens, so the
 *   row and the work commit together or not at all, and a second request with the key waits on
 *   the row's unique index and then does nothing.
 * - `own-key`: the work already keeps the key in its own rows (an order's `idempotency_key`,
 *   decided by its unique index inside `write_order`), so a repeat does no work by itself; the
 *   key's row is written with the answer, to answer it again and to tell a reused key.
 */
export type KeyRecording = "transaction" | "own-key";

/**
 * Every staff mutation that takes an Idempotency-Key (issue 31: a dropped connection loses
 * nothing and does nothing twice). A route listed here must be registered (checked when the app
 * is ready); a guest's call keeps the route's own handling (the guest's order key, as before).
 */
export const STAFF_IDEMPOTENT_ROUTES: Record<string, KeyRecording> = {
  // The waiter's (and the cash desk's take-away) order for a table.
  "POST /api/orders/:tableId": "own-key",
  "DELETE /api/orders/:tableId/product/:orderProductId": "transaction",
  // Delivering, completing and undoing pieces; a task's completion.
  "POST /api/feed/next-status": "transaction",
  "POST /api/feed/complete-orders": "transaction",
  "POST /api/feed/undo-status": "transaction",
  "POST /api/feed/complete-request/:requestId": "transaction",
  // Cancelling pieces from the table feed.
  "POST /api/feed/table/:tableId/remove-products": "transaction",
  // Collecting: cash, card, gift, discount, on credit.
  "POST /api/feed/table/:id/complete-orders": "transaction",
  "POST /api/feed/transfer-table": "transaction",
  // The kitchen: prepare pieces, bump a whole ticket, revert and recall (the undo), the notice.
  "POST /api/feed/kitchen/ticket/:id/prepare": "transaction",
  "POST /api/feed/kitchen/ticket/:id/prepare-products": "transaction",
  "POST /api/feed/kitchen/ticket/:id/undo": "transaction",
  "POST /api/feed/kitchen/ticket/:id/acknowledge-cancellation": "transaction",
  // The till: a table's bill and a register sale.
  "PUT /api/cash-desk/table/:id/bill": "transaction",
  "POST /api/feed/issue-receipt": "transaction",
};

/** A key answers its first answer for a day; after that it is forgotten and swept. */
export const KEY_LIFETIME_HOURS = 24;
/**
 * A key whose work is recorded but whose answer is not, this long after it began, lost its answer
 * with the instance that ran it (killed between the commit and the answer): no request runs this
 * long (the web client gives up after 60 s).
 */
export const FIRST_ANSWER_WAIT_MS = 120_000;
/**
 * How long a repeat waits for a first request that has committed but not yet stored its answer (a
 * double tap lands in that gap of a few milliseconds) before it is told to come back.
 */
export const ANSWER_WAIT_MS = 2_000;
const ANSWER_POLL_MS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The headers a replay repeats: what the answer's body means to the client. */
const REPLAYED_HEADERS = ["content-type", "x-app-error", "x-app-params", "x-app-alert"];
export const REPLAYED_HEADER = "idempotent-replayed";

/** What a request with a key finds already stored for that key. */
export interface StoredKey {
  fingerprint: string;
  createdAt: Date;
  replyStatus: number | null;
  replyHeaders: unknown;
  replyBody: string | null;
}

export type KeyDecision =
  | { kind: "new" }
  | { kind: "replay"; status: number; headers: Record<string, string>; body: string | null }
  | { kind: "reused" }
  | { kind: "in-progress" }
  | { kind: "reply-lost" };

/**
 * The rule of a key (issue 31): unknown or expired, the request runs; the same request again gets
 * the first answer; the key on another route or with another body is refused; a first request
 * still running gets a moment to answer (see settledKey) and is then a 409 to come back; one that never answered is said so.
 */
export function decideKey(stored: StoredKey | null, fingerprint: string, now: Date): KeyDecision {
  if (!stored || now.getTime() - stored.createdAt.getTime() >= KEY_LIFETIME_HOURS * 3_600_000) return { kind: "new" };
  if (stored.fingerprint !== fingerprint) return { kind: "reused" };
  if (stored.replyStatus != null) {
    return {
      kind: "replay",
      status: stored.replyStatus,
      headers: (stored.replyHeaders ?? {}) as Record<string, string>,
      body: stored.replyBody,
    };
  }
  return now.getTime() - stored.createdAt.getTime() < FIRST_ANSWER_WAIT_MS ? { kind: "in-progress" } : { kind: "reply-lost" };
}

/** The request a key was made for: its route, and its parameters, query and body as validated. */
export function requestFingerprint(route: string, request: { params: unknown; query: unknown; body: unknown }): string {
  const facts = JSON.stringify([route, request.params ?? null, request.query ?? null, request.body ?? null]);
  return createHash("sha256").update(facts).digest("hex");
}

interface KeyScope {
  retailerId: number;
  userId: number;
  key: string;
  route: string;
  fingerprint: string;
  recording: KeyRecording;
  /** open: not recorded yet; claiming: in a transaction under way; claimed: committed; answered: replayed or refused. */
  state: "open" | "claiming" | "claimed" | "answered";
  /** An own-key route's work found its key already used: this request is the other's repeat. */
  repeat?: boolean;
}

/** The key of the request whose handler is running, as its transactions see it. */
const scopes = new AsyncLocalStorage<KeyScope>();
const scopeOfRequest = new WeakMap<FastifyRequest, KeyScope>();

/** Another request recorded the key first (it committed while this one waited on the row). */
class KeyTaken extends Error {}

/**
 * Said by an own-key route's work when its own key found the work already done (`write_order`'s
 * unique index: a double tap whose twin got there first). The request is then answered the first
 * answer, marked as a replay, as every other keyed route answers a repeat. Outside a keyed staff
 * request (a guest's order) it does nothing: the route answers as before.
 */
export function ownKeyRepeated(): void {
  const scope = scopes.getStore();
  if (scope?.recording === "own-key") scope.repeat = true;
}

/**
 * The database the features are given: the same, except that the first transaction a keyed
 * request's handler opens also inserts the key's row, as its first statement. Features keep
 * calling `db.transaction` as before; the key commits with their work or not at all.
 */
export function withKeyClaims(db: Db): Db {
  const claiming = Object.create(db) as Db;
  claiming.transaction = ((run: (tx: Tx) => Promise<unknown>, config?: Parameters<Db["transaction"]>[1]) => {
    const scope = scopes.getStore();
    if (scope?.recording !== "transaction" || scope.state !== "open") return db.transaction(run, config);
    scope.state = "claiming";
    return db
      .transaction(async (tx) => {
        await claimKey(tx, scope);
        return run(tx);
      }, config)
      .then(
        (result) => {
          scope.state = "claimed";
          return result;
        },
        (error: unknown) => {
          scope.state = "open";
          throw error;
        },
      );
  }) as Db["transaction"];
  return claiming;
}

/** Inserts the key's row, or takes over an expired one; a live row of another request is KeyTaken. */
async function claimKey(tx: Tx, scope: KeyScope): Promise<void> {
  const claimed = await tx
    .insert(staffRequestKeys)
    .values({
      retailerId: scope.retailerId,
      userId: scope.userId,
      key: scope.key,
      route: scope.route,
      fingerprint: scope.fingerprint,
    })
    .onConflictDoUpdate({
      target: [staffRequestKeys.retailerId, staffRequestKeys.userId, staffRequestKeys.key],
      set: {
        route: scope.route,
        fingerprint: scope.fingerprint,
        createdAt: sql`now()`,
        replyStatus: null,
        replyHeaders: null,
        replyBody: null,
      },
      setWhere: expired(),
    })
    .returning({ key: staffRequestKeys.key });
  if (!claimed.length) throw new KeyTaken();
}

const expired = () => lt(staffRequestKeys.createdAt, sql`now() - make_interval(hours => ${KEY_LIFETIME_HOURS})`);

const keyOf = (scope: KeyScope) =>
  and(
    eq(staffRequestKeys.retailerId, scope.retailerId),
    eq(staffRequestKeys.userId, scope.userId),
    eq(staffRequestKeys.key, scope.key),
  );

async function findKey(db: Db, scope: KeyScope): Promise<StoredKey | null> {
  const [row] = await db
    .select({
      fingerprint: staffRequestKeys.fingerprint,
      createdAt: staffRequestKeys.createdAt,
      replyStatus: staffRequestKeys.replyStatus,
      replyHeaders: staffRequestKeys.replyHeaders,
      replyBody: staffRequestKeys.replyBody,
    })
    .from(staffRequestKeys)
    .where(keyOf(scope));
  return row ?? null;
}

/**
 * What the key holds now, having waited out a first request that is still on its way to its
 * answer: a double tap gets the first answer rather than a 409 to come back.
 */
async function settledKey(db: Db, scope: KeyScope, treatMissingAsRunning: boolean): Promise<KeyDecision> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  for (;;) {
    let decision = decideKey(await findKey(db, scope), scope.fingerprint, new Date());
    if (treatMissingAsRunning && decision.kind === "new") decision = { kind: "in-progress" };
    if (decision.kind !== "in-progress" || Date.now() >= deadline) return decision;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
  }
}

/** Answers a key already stored, or returns false when the request is to run. */
function answerStored(decision: KeyDecision, scope: KeyScope, reply: FastifyReply): boolean {
  if (decision.kind === "new") return false;
  scope.state = "answered";
  if (decision.kind === "reused") throw new AppError("idempotency_key_reused", 422, { route: scope.route });
  if (decision.kind === "in-progress") throw new AppError("idempotency_request_in_progress", 409, { retryAfterSeconds: 1 });
  if (decision.kind === "reply-lost") throw new AppError("idempotency_reply_lost", 409);
  reply.code(decision.status).headers(decision.headers).header(REPLAYED_HEADER, "true");
  void reply.send(decision.body ?? undefined);
  return true;
}

/** A staff member of a venue: guests and the platform operator keep the routes' own handling. */
function venueStaff(principal: Principal | null): principal is Principal & { retailerId: number } {
  return principal != null && principal.retailerId != null && principal.role !== "USER" && principal.role !== "OPERATOR";
}

function keyFromHeader(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  const parsed = idempotencyKey.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError("validation", 400, {}, [{ objectName: "headers", field: IDEMPOTENCY_HEADER, message: "Size" }]);
}

/** Stores the first answer on the key's row, before it is sent: a client that got it can get it again. */
async function storeAnswer(db: Db, scope: KeyScope, reply: FastifyReply, payload: unknown): Promise<void> {
  const body = typeof payload === "string" ? payload : payload == null ? null : undefined;
  // A streamed answer cannot be kept; the listed routes answer JSON.
  if (body === undefined) return;
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  const answer = { replyStatus: reply.statusCode, replyHeaders: headers, replyBody: body };
  if (scope.state === "claimed") {
    await db.update(staffRequestKeys).set(answer).where(keyOf(scope));
  } else if (reply.statusCode < 300) {
    // Recorded by its own key (or by no transaction): kept with its answer, once.
    await db
      .insert(staffRequestKeys)
      .values({
        retailerId: scope.retailerId,
        userId: scope.userId,
        key: scope.key,
        route: scope.route,
        fingerprint: scope.fingerprint,
        ...answer,
      })
      .onConflictDoUpdate({
        target: [staffRequestKeys.retailerId, staffRequestKeys.userId, staffRequestKeys.key],
        set: { route: scope.route, fingerprint: scope.fingerprint, createdAt: sql`now()`, ...answer },
        setWhere: expired(),
      });
  }
}

/** Deletes the keys past their lifetime; every instance sweeps, which costs one indexed delete an hour. */
export async function sweepExpiredKeys(db: Db): Promise<number> {
  const gone = await db.delete(staffRequestKeys).where(expired()).returning({ key: staffRequestKeys.key });
  return gone.length;
}

/**
 * Makes the routes of STAFF_IDEMPOTENT_ROUTES idempotent for staff (issue 31): a request with an
 * Idempotency-Key runs once per venue, user and key; the same request again is answered the first
 * answer (status, body, app headers, and `Idempotent-Replayed: true`) without running. Install
 * before the routes; `db` is the plain database (withKeyClaims wraps the features' one).
 */
export function installIdempotentRequests(app: FastifyInstance, db: Db): void {
  const wrapped = new Set<string>();
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (methods.length !== 1) return;
    const name = routeKey(methods[0], route.url);
    const recording = STAFF_IDEMPOTENT_ROUTES[name];
    if (!recording) return;
    wrapped.add(name);
    const handler = route.handler;
    route.handler = async function keyed(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (!venueStaff(request.principal)) return handler.call(this, request, reply);
      const key = keyFromHeader(request.headers[IDEMPOTENCY_HEADER]);
      if (key === null) return handler.call(this, request, reply);
      const scope: KeyScope = {
        retailerId: request.principal.retailerId,
        userId: request.principal.userId,
        key,
        route: name,
        fingerprint: requestFingerprint(name, request),
        recording,
        state: "open",
      };
      scopeOfRequest.set(request, scope);
      if (answerStored(await settledKey(db, scope, false), scope, reply)) return reply;
      try {
        const answer = await scopes.run(scope, () => handler.call(this, request, reply));
        // The twin that did the work stores its answer a moment later; the repeat answers that. Were
        // it never stored (the twin failed after its commit), the work's own answer stands, unmarked.
        if (scope.repeat) {
          const stored = await settledKey(db, scope, true);
          if (stored.kind === "replay" && answerStored(stored, scope, reply)) return reply;
        }
        return answer;
      } catch (error) {
        if (!(error instanceof KeyTaken)) throw error;
        // The other request has committed: its answer, or that it is still on its way.
        if (answerStored(await settledKey(db, scope, true), scope, reply)) return reply;
        throw error;
      }
    };
    const storeBeforeSending: onSendHookHandler = async (request, reply, payload) => {
      const scope = scopeOfRequest.get(request);
      if (scope && scope.state !== "answered") await storeAnswer(db, scope, reply, payload);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), storeBeforeSending];
  });

  app.addHook("onReady", async () => {
    const missing = Object.keys(STAFF_IDEMPOTENT_ROUTES).filter((name) => !wrapped.has(name));
    if (missing.length) throw new Error(`Idempotent routes not registered: ${missing.join(", ")}`);
  });

  let sweep: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweep = setInterval(() => {
      sweepExpiredKeys(db).catch((error: unknown) => app.log.warn({ err: error }, "expired idempotency keys not swept"));
    }, SWEEP_EVERY_MS);
    sweep.unref();
  });
  app.addHook("preClose", async () => clearInterval(sweep));
}
