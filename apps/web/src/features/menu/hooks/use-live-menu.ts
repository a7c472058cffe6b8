import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "../../../lib/realtime.ts";

/** Where the server tells a table's guests that the venue's menu changed. */
export const menuTopic = (tableId: number) => `/topic/menu/${tableId}`;

/**
 * Keeps the guest's menu current: when the venue switches a dish off, edits or adds one, the menu
 * is fetched again at once (in every language held), not after its 60 s cache; and again after a
 * reconnection, since changes made meanwhile were not heard.
 */
export function useLiveMenu(tableId: number | null): void {
  const queryClient = useQueryClient();
  const refetch = () => {
    if (tableId !== null) void queryClient.invalidateQueries({ queryKey: ["menu", tableId] });
  };
  useRealtime(tableId === null ? null : menuTopic(tableId), refetch, refetch);
}
