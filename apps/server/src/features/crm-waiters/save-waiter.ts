import type { CreateWaiterRequest, UpdateWaiterRequest } from "@tableorder/domain/contracts/crm-waiters";
import { and, eq, isNull } from "drizzle-orm";
import { type PrincipalVerifier, publishStaffChanged } from "../../auth/account-status.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { assertVenueTables } from "../../auth/policies/back-office.ts";
import type { Principal } from "../../auth/principal.ts";
import { assertUsernameFree, USERNAME_INDEX } from "../../auth/staff-accounts.ts";
import type { Db, Tx } from "../../db/client.ts";
import { tableWaiters, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordStaffChange } from "../../lib/audit-trail.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadWaiter } from "./load-waiters.ts";

interface WaiterWrite {
  db: Db;
  events: EventBus;
  principals: PrincipalVerifier;
  retailerId: number;
  /** Who makes the change, for the audit trail. */
  actor: Principal;
}

async function assignTables(tx: Tx, userId: number, tableIds: number[]): Promise<void> {
  await tx.delete(tableWaiters).where(eq(tableWaiters.userId, userId));
  if (tableIds.length) await tx.insert(tableWaiters).values(tableIds.map((tableId) => ({ tableId, userId })));
}

/** Creates a waiter account of the venue with the tables they supervise. */
export async function createWaiter(options: WaiterWrite & { form: CreateWaiterRequest }) {
  const { db, retailerId, form } = options;
  // Hashing is slow on purpose; it happens before the transaction, holding no locks.
  const passwordHash = await hashPassword(form.password);
  const userId = await withUniqueKeys(USERNAME_INDEX, () =>
    db.transaction(async (tx) => {
      await assertUsernameFree(tx, form.userName);
      await assertVenueTables(tx, retailerId, form.tableIds);
      const [user] = await tx
        .insert(users)
        .values({
          retailerId,
          role: "WAITER",
          login: form.userName,
          passwordHash,
          firstName: form.firstName,
          lastName: form.lastName,
        })
        .returning({ id: users.id });
      await assignTables(tx, user.id, form.tableIds);
      await recordStaffChange(tx, options.actor, { change: "CREATED", userId: user.id, login: form.userName, role: "WAITER" });
      return user.id;
    }),
  );
  await publishStaffChanged(options, retailerId, [userId]);
  return loadWaiter(db, retailerId, userId);
}

/** Edits a waiter; a password that was not sent stays as it was. */
export async function updateWaiter(options: WaiterWrite & { waiterId: number; form: UpdateWaiterRequest }) {
  const { db, retailerId, waiterId, form } = options;
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  await withUniqueKeys(USERNAME_INDEX, () =>
    db.transaction(async (tx) => {
      const [waiter] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, waiterId), eq(users.retailerId, retailerId), eq(users.role, "WAITER"), isNull(users.deletedAt)))
        .for("update");
      if (!waiter) throw new AppError("not_found", 404, { entity: "waiter" });
      await assertUsernameFree(tx, form.userName, waiterId);
      await assertVenueTables(tx, retailerId, form.tableIds);
      await tx
        .update(users)
        .set({
          login: form.userName,
          firstName: form.firstName,
          lastName: form.lastName,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, waiterId));
      await assignTables(tx, waiterId, form.tableIds);
      await recordStaffChange(tx, options.actor, {
        change: "UPDATED",
        userId: waiterId,
        login: form.userName,
        role: "WAITER",
        passwordChanged: !!passwordHash,
      });
    }),
  );
  await publishStaffChanged(options, retailerId, [waiterId]);
  return loadWaiter(db, retailerId, waiterId);
}

/**
 * Deletes a waiter softly (orders and payments keep naming them); they can no longer sign in,
 * and tokens they hold stop working at once, on every instance.
 */
export async function deleteWaiter(options: WaiterWrite & { waiterId: number }): Promise<void> {
  const { db, retailerId, waiterId } = options;
  await db.transaction(async (tx) => {
    const [waiter] = await tx
      .update(users)
      .set({ deletedAt: new Date() })
      .where(and(eq(users.id, waiterId), eq(users.retailerId, retailerId), eq(users.role, "WAITER"), isNull(users.deletedAt)))
      .returning({ id: users.id, login: users.login });
    if (!waiter) throw new AppError("not_found", 404, { entity: "waiter" });
    await tx.delete(tableWaiters).where(eq(tableWaiters.userId, waiterId));
    await recordStaffChange(tx, options.actor, { change: "DELETED", userId: waiterId, login: waiter.login, role: "WAITER" });
  });
  await publishStaffChanged(options, retailerId, [waiterId]);
}
