import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "../../../lib/realtime.ts";

/** Where the server tells a table's guests that the venue's menu changed. */
export const menuTopic = (tableId: number) => `/topic/menu/${tableId}`;

/**
 * Keeps a menu current: when the venue switches a dish off, closes an area, edits or adds a dish,
 * the menu is fetched again at once (in every language held), not after its 60 s cache; and again
 * after a reconnection, since changes made meanwhile were not heard. The guest's menu is under
 * ["menu", tableId]; a waiter ordering for the table listens on the same topic for their own menu.
 */
export function useLiveMenu(tableId: number | null, queryKey: readonly unknown[] = ["menu", tableId]): void {
  const queryClient = useQueryClient();
  const refetch = () => {
    if (tableId !== null) void queryClient.invalidateQueries({ queryKey });
  };
  useRealtime(tableId === null ? null : menuTopic(tableId), refetch, refetch);
}
