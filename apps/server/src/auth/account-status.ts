import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { retailers, users } from "../db/schema.ts";
import type { DomainEvent, EventBus } from "../realtime/types.ts";
import type { Principal } from "./principal.ts";
import type { TokenService } from "./tokens.ts";

/** Published after an account is created, changed, disabled or deleted; carries the account ids. */
export const STAFF_CHANGED = "staff.changed";

/**
 * Tells every instance that accounts changed, after the change committed. This instance forgets
 * them at once, so the caller's very next request already sees the change; the others when the
 * event reaches them.
 */
export async function publishStaffChanged(
  options: { events: EventBus; principals: PrincipalVerifier },
  retailerId: number,
  userIds: number[],
): Promise<void> {
  options.principals.forget(userIds);
  await options.events.publish({ type: STAFF_CHANGED, retailerId, userIds });
}

/**
 * A safety net only: instances forget an account the moment `staff.changed` reaches them, and
 * this bounds how long a lost notification (a listener reconnecting) could keep a token alive.
 */
const DEFAULT_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  expiresAt: number;
  account: Promise<AccountFacts | null>;
}

interface AccountFacts {
  role: string;
  retailerId: number | null;
  preparationAreaId: number | null;
  usable: boolean;
}

/**
 * Turns a bearer token into a principal, refusing tokens of accounts that were deleted or
 * disabled, or whose venue was disabled, after the token was issued (a signature alone would keep them working until expiry).
 * Each instance keeps what it read of an account for a short while, so a request costs no query
 * in the common case, and drops an account as soon as a `staff.changed` event names it.
 */
export class PrincipalVerifier {
  private readonly entries = new Map<number, Entry>();
  private readonly revokedListeners = new Set<(userIds: number[]) => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly options: { db: Db; tokens: TokenService; events: EventBus; ttlMs?: number }) {
    this.unsubscribe = options.events.subscribe((event) => this.onEvent(event));
  }

  async verify(token: string): Promise<Principal | null> {
    const principal = await this.options.tokens.verify(token);
    if (!principal) return null;
    const account = await this.account(principal.userId);
    // The token's claims must still describe the account: same role, venue and area.
    const valid =
      account?.usable === true &&
      account.role === principal.role &&
      account.retailerId === principal.retailerId &&
      (principal.role !== "COOK" || account.preparationAreaId === principal.prepAreaId);
    return valid ? principal : null;
  }

  /** Called with the accounts that can no longer act, e.g. to close their live sockets. */
  onRevoked(listener: (userIds: number[]) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** Drops what this instance knew of some accounts; the next request reads them again. */
  forget(userIds: readonly number[]): void {
    for (const id of userIds) this.entries.delete(id);
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private account(userId: number): Promise<AccountFacts | null> {
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && hit.expiresAt > now) return hit.account;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const account = this.load(userId);
    this.entries.set(userId, { expiresAt: now + (this.options.ttlMs ?? DEFAULT_TTL_MS), account });
    account.catch(() => this.entries.delete(userId));
    return account;
  }

  private async load(userId: number): Promise<AccountFacts | null> {
    const [row] = await this.options.db
      .select({
        role: users.role,
        retailerId: users.retailerId,
        preparationAreaId: users.preparationAreaId,
        activated: users.activated,
        deletedAt: users.deletedAt,
        venueDisabledAt: retailers.disabledAt,
      })
      .from(users)
      .leftJoin(retailers, eq(retailers.id, users.retailerId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return null;
    // A disabled venue's staff stop at their next request (the operator publishes staff.changed).
    return { ...row, usable: row.activated && row.deletedAt == null && row.venueDisabledAt == null };
  }

  private async onEvent(event: DomainEvent): Promise<void> {
    if (event.type !== STAFF_CHANGED || !Array.isArray(event.userIds)) return;
    const userIds = event.userIds.filter((id): id is number => typeof id === "number");
    this.forget(userIds);
    const revoked: number[] = [];
    for (const id of userIds) if (!(await this.account(id))?.usable) revoked.push(id);
    if (revoked.length) for (const listener of this.revokedListeners) listener(revoked);
  }
}
