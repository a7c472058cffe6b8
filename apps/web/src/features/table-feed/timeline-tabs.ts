import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import type { OrderProductStatus } from "@tableorder/domain/enums";

export type TimelineTab = "ALL" | OrderProductStatus;
export const TIMELINE_TABS: readonly TimelineTab[] = ["ALL", "SENT", "PREPARED", "COMPLETE"];

/** A cancelled piece is no longer on its way: its kitchen status says nothing any more. */
export function isCancelled(item: Pick<TableFeedItem, "paymentStatus">): boolean {
  return item.paymentStatus === "CANCELLED";
}

/**
 * The pieces a tab lists, newest first: "All" keeps the cancelled ones (shown struck through, so
 * the guest sees what was taken back); a status tab lists only the live pieces in that status.
 */
export function timelineItems(items: readonly TableFeedItem[], tab: TimelineTab): TableFeedItem[] {
  const sorted = [...items].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return tab === "ALL" ? sorted : sorted.filter((item) => item.status === tab && !isCancelled(item));
}

/** How many pieces a tab counts: never the cancelled ones. */
export function timelineCount(items: readonly TableFeedItem[], tab: TimelineTab): number {
  return timelineItems(items, tab)
    .filter((item) => !isCancelled(item))
    .reduce((n, item) => n + item.quantity, 0);
}
