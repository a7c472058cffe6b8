import { and, eq, inArray } from "drizzle-orm";
import { staffRetailerId } from "../../auth/guards.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

/** The tasks a waiter closes with one tap (spec 2 §4.4); deliveries move their pieces instead. */
const COMPLETABLE_TYPES = ["WAITER_CALL", "PAYMENT_NOTIFICATION"];

/**
 * A waiter answers a guest's call or finishes checking a table after a payment notification. The
 * update only succeeds on an active task, so when two waiters tap at once the second one is told
 * request_already_handled and the task is completed once.
 */
export async function completeRequest(options: { db: Db; events: EventBus; principal: Principal; requestId: number }) {
  const { db, principal } = options;
  const retailerId = staffRetailerId(principal);
  // A transaction of its own, though one statement: a keyed request records its key in it.
  const [completed] = await db.transaction((tx) =>
    tx
      .update(waiterRequests)
      .set({ status: "COMPLETED", completedByUserId: principal.userId, completedAt: new Date() })
      .where(
        and(
          eq(waiterRequests.id, options.requestId),
          eq(waiterRequests.retailerId, retailerId),
          eq(waiterRequests.status, "ACTIVE"),
          inArray(waiterRequests.type, COMPLETABLE_TYPES),
        ),
      )
      .returning({ id: waiterRequests.id, tableId: waiterRequests.tableId }),
  );
  if (!completed) {
    const [request] = await db
      .select({ type: waiterRequests.type })
      .from(waiterRequests)
      .where(and(eq(waiterRequests.id, options.requestId), eq(waiterRequests.retailerId, retailerId)));
    if (!request) throw new AppError("not_found", 404, { entity: "request" });
    if (!COMPLETABLE_TYPES.includes(request.type)) throw new AppError("request_not_completable", 400, { type: request.type });
    throw new AppError("request_already_handled", 400);
  }
  await options.events.publish({ type: "table.changed", retailerId, tableId: completed.tableId });
  await options.events.publish({ type: "waiter-tasks.changed", retailerId, tableId: completed.tableId });
  return { id: completed.id };
}
