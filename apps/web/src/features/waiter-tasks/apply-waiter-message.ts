import {
  type TerminalSaleFailedMessage,
  terminalSaleFailedMessage,
  type WaiterFeedItem,
  type WaiterFeedMessage,
} from "@tableorder/domain/contracts/waiter";
import { PAYMENT_REQUEST_TYPES, type WaiterRequestType } from "@tableorder/domain/enums";

export const isPaymentTask = (type: WaiterRequestType): boolean => PAYMENT_REQUEST_TYPES.includes(type);

/** Oldest first, so the task waiting longest is on top. */
export function sortTasks(tasks: readonly WaiterFeedItem[]): WaiterFeedItem[] {
  return [...tasks].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id);
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
