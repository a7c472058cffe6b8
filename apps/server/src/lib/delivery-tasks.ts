import type { WaiterRequestType } from "@tableorder/domain/enums";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { type orderProducts, waiterRequests } from "../db/schema.ts";

type UnitRow = typeof orderProducts.$inferSelect;
type TaskItem = { orderProductId: number; quantity: number };

/** Names the advisory locks that serialize the hand-overs to one table session's waiters. */
const DELIVERY_LOCK_CLASS = 31_0036;

/**
 * What the waiter carries in one trip: the pieces of one table session, standing at one table,
 * from one preparation area (none: the waiter serves them). A cook ticking a ticket's lines one at
 * a time hands them over in several calls, and they all land on this one open card.
 */
export interface DeliveryTaskKey {
  tableId: number;
  sessionId: number;
  preparationAreaId: number | null;
}

/** The pieces grouped by the delivery task they belong on, in the order first met. */
export function groupForDelivery(units: readonly UnitRow[]): { key: DeliveryTaskKey; units: UnitRow[] }[] {
  const groups = new Map<string, { key: DeliveryTaskKey; units: UnitRow[] }>();
  for (const unit of units) {
    const id = `${unit.tableId}:${unit.sessionId}:${unit.preparationAreaId ?? ""}`;
    const group = groups.get(id) ?? {
      key: { tableId: unit.tableId, sessionId: unit.sessionId, preparationAreaId: unit.preparationAreaId },
      units: [],
    };
    group.units.push(unit);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** A task's items with more pieces added, each piece once, by unit id. */
export function withItems(items: readonly TaskItem[], unitIds: readonly number[]): TaskItem[] {
  const merged = new Map(items.map((item) => [item.orderProductId, item]));
  for (const id of unitIds) if (!merged.has(id)) merged.set(id, { orderProductId: id, quantity: 1 });
  return [...merged.values()].sort((a, b) => a.orderProductId - b.orderProductId);
}

const typeOf = (key: DeliveryTaskKey): WaiterRequestType =>
  key.preparationAreaId == null ? "SERVICE" : "PREPARATION_AREA_PICKUP";

/**
 * Makes hand-overs to the same table sessions (two screens of an area ticking lines at once, a
 * waiter's undo) queue, so the second one finds the card the first one opened. Callers take it
 * after their units' row locks and before reading delivery tasks, in session order, so it adds no
 * lock-order cycle.
 */
export async function lockDeliveries(tx: Tx, sessionIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(sessionIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${DELIVERY_LOCK_CLASS}, ${id})`);
  }
}

/** The key's open delivery tasks, oldest first, row-locked; the caller holds lockDeliveries. */
async function openDeliveryTasks(tx: Tx, key: DeliveryTaskKey) {
  return tx
    .select()
    .from(waiterRequests)
    .where(
      and(
        eq(waiterRequests.tableId, key.tableId),
        eq(waiterRequests.sessionId, key.sessionId),
        eq(waiterRequests.type, typeOf(key)),
        eq(waiterRequests.status, "ACTIVE"),
        key.preparationAreaId == null
          ? isNull(waiterRequests.preparationAreaId)
          : eq(waiterRequests.preparationAreaId, key.preparationAreaId),
      ),
    )
    .orderBy(asc(waiterRequests.createdAt), asc(waiterRequests.id))
    .for("update");
}

/**
 * Puts pieces on the waiters' feed: each joins the open card of its table session, table and
 * area, or opens one. So a ticket prepared line by line is one card to pick up, not one per tap,
 * and the card's age is that of its longest-waiting piece.
 */
export async function handOverToWaiters(tx: Tx, units: readonly UnitRow[], createdByUserId?: number): Promise<void> {
  await lockDeliveries(
    tx,
    units.map((u) => u.sessionId),
  );
  for (const { key, units: pieces } of groupForDelivery(units)) {
    const [open] = await openDeliveryTasks(tx, key);
    const ids = pieces.map((u) => u.id);
    if (open) {
      await tx
        .update(waiterRequests)
        .set({ items: withItems(open.items, ids) })
        .where(eq(waiterRequests.id, open.id));
      continue;
    }
    await tx.insert(waiterRequests).values({
      retailerId: pieces[0].retailerId,
      tableId: key.tableId,
      sessionId: key.sessionId,
      type: typeOf(key),
      preparationAreaId: key.preparationAreaId,
      items: withItems([], ids),
      createdByUserId,
    });
  }
}

/**
 * After a bill joined another table's session, the pickups it brought and the ones already there
 * would be two cards for one trip: the younger ones fold into the oldest of each area, which keeps
 * its age. Folded cards end CANCELLED with no items, so no undo finds them again.
 */
export async function foldPickups(tx: Tx, tableId: number, sessionId: number): Promise<void> {
  await lockDeliveries(tx, [sessionId]);
  const pickups = await tx
    .select({ areaId: waiterRequests.preparationAreaId })
    .from(waiterRequests)
    .where(
      and(
        eq(waiterRequests.tableId, tableId),
        eq(waiterRequests.sessionId, sessionId),
        eq(waiterRequests.type, "PREPARATION_AREA_PICKUP"),
        eq(waiterRequests.status, "ACTIVE"),
      ),
    );
  const areas = new Set(pickups.map((p) => p.areaId).filter((id) => id != null));
  for (const preparationAreaId of areas) {
    const [keep, ...younger] = await openDeliveryTasks(tx, { tableId, sessionId, preparationAreaId });
    if (!younger.length) continue;
    await tx
      .update(waiterRequests)
      .set({
        items: withItems(
          keep.items,
          younger.flatMap((t) => t.items.map((i) => i.orderProductId)),
        ),
      })
      .where(eq(waiterRequests.id, keep.id));
    await tx
      .update(waiterRequests)
      .set({ items: [], status: "CANCELLED", completedAt: new Date() })
      .where(
        inArray(
          waiterRequests.id,
          younger.map((t) => t.id),
        ),
      );
  }
}
