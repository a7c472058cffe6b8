import { PAYMENT_REQUEST_TYPES, type WaiterRequestType } from "./enums.ts";

/**
 * A guest is waiting on the waiter in person: a call, or a request to pay through the waiter. Only
 * a waiter can end that wait, and the guest watches the door meanwhile, so these ring on arrival
 * and lead the feed.
 */
export function guestIsWaiting(type: WaiterRequestType): boolean {
  return type === "WAITER_CALL" || PAYMENT_REQUEST_TYPES.includes(type);
}

/**
 * How soon a task wants the waiter, by its kind (0 first): a guest waiting in person; then food and
 * drink to carry (a pickup from an area, a piece the waiter serves straight), which goes cold but
 * whose guest does not yet know it is ready; last a table to check after a guest paid online, where
 * nobody waits.
 */
export function taskUrgency(type: WaiterRequestType): 0 | 1 | 2 {
  if (guestIsWaiting(type)) return 0;
  if (type === "PAYMENT_NOTIFICATION") return 2;
  return 1;
}

/** What the feed's order reads of a task. */
export interface RankedTask {
  id: number;
  type: WaiterRequestType;
  /** When the task arose (ISO 8601, UTC). */
  timestamp: string;
}

/**
 * The waiter's feed order (issue 31): the most urgent kind on top (taskUrgency), and within a kind
 * the oldest first, so the guest kept waiting longest leads and each card keeps its place as the
 * minutes pass (ageing recolours a card, it never moves it under the waiter's thumb).
 */
export function compareTasksByUrgency(a: RankedTask, b: RankedTask): number {
  return taskUrgency(a.type) - taskUrgency(b.type) || a.timestamp.localeCompare(b.timestamp) || a.id - b.id;
}
