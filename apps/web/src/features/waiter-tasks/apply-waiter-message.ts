import {
  type NewOrderCard,
  type TerminalSaleFailedMessage,
  terminalSaleFailedMessage,
  type WaiterFeedItem,
  type WaiterFeedMessage,
} from "@tableorder/domain/contracts/waiter";
import { PAYMENT_REQUEST_TYPES, type WaiterRequestType } from "@tableorder/domain/enums";
import { compareTasksByUrgency } from "@tableorder/domain/task-urgency";

export const isPaymentTask = (type: WaiterRequestType): boolean => PAYMENT_REQUEST_TYPES.includes(type);

/** The feed's order: guests waiting in person on top, then food to carry, each oldest first (compareTasksByUrgency). */
export function sortTasks(tasks: readonly WaiterFeedItem[]): WaiterFeedItem[] {
  return [...tasks].sort(compareTasksByUrgency);
}

/** Oldest first: information below the tasks, in the order the orders came. */
export function sortNewOrders(cards: readonly NewOrderCard[]): NewOrderCard[] {
  return [...cards].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.orderId - b.orderId);
}

export function isWaiterFeedMessage(body: unknown): body is WaiterFeedMessage {
  if (typeof body !== "object" || body === null) return false;
  const message = body as Partial<WaiterFeedMessage>;
  return message.type === "TABLE_TASKS" && typeof message.tableId === "number" && Array.isArray(message.items);
}

export function isTerminalSaleFailed(body: unknown): body is TerminalSaleFailedMessage {
  return terminalSaleFailedMessage.safeParse(body).success;
}

/** A push is the table's whole task list: it replaces what the feed held for that table. */
export function applyWaiterMessage(feed: readonly WaiterFeedItem[], message: WaiterFeedMessage): WaiterFeedItem[] {
  return sortTasks([...feed.filter((task) => task.placementId !== message.tableId), ...message.items]);
}

/**
 * The push's new-order cards replace the table's, like its tasks; a message without them (a server
 * from before them) leaves the cards as they are.
 */
export function applyNewOrdersMessage(cards: readonly NewOrderCard[], message: WaiterFeedMessage): NewOrderCard[] {
  if (!message.newOrders) return [...cards];
  return sortNewOrders([...cards.filter((card) => card.placementId !== message.tableId), ...message.newOrders]);
}

export type TaskAction = "deliver" | "complete" | "check" | "open";

/** What the card's main button does (spec 2 §4.4). */
export function taskAction(type: WaiterRequestType): TaskAction {
  if (type === "PREPARATION_AREA_PICKUP" || type === "SERVICE") return "deliver";
  if (type === "WAITER_CALL") return "complete";
  if (type === "PAYMENT_NOTIFICATION") return "check";
  return "open";
}

export function taskOrderProductIds(task: WaiterFeedItem): number[] {
  return task.items.flatMap((item) => item.orderProductIds);
}
