import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client.ts";
import { type StoredValue, storedValue, useStoredValue } from "../../../lib/stored-value.ts";
import { kitchenFeedQueryKey } from "../api/get-kitchen-feed.ts";
import { undoTicketProducts } from "../api/undo-ticket-products.ts";
import type { KitchenArea } from "../kitchen-area.ts";
import { forgetPieces, parseUndoStack, peekUndo, pushUndo, removeUndo, type UndoEntry } from "../undo-stack.ts";

/**
 * Kept in sessionStorage per area (its id, so a tablet handed from the kitchen to the bar never
 * mixes their stacks): a reload keeps the stack, a new browser session starts empty.
 */
export function undoStackStore(areaId: number | null): StoredValue<UndoEntry[]> {
  return storedValue("session", `prepUndoStack.${areaId ?? "unknown"}`, parseUndoStack);
}

export function recordUndo(areaId: number | null, entry: UndoEntry): void {
  undoStackStore(areaId).set((stack) => pushUndo(stack, entry));
}

/** Pieces reverted by hand leave the stack (see forgetPieces). */
export function forgetUndonePieces(areaId: number | null, ticketId: number, orderProductIds: readonly number[]): void {
  undoStackStore(areaId).set((stack) => forgetPieces(stack, ticketId, orderProductIds));
}

/**
 * The header's undo: reverts the newest entry. An entry the server refuses for good (delivered
 * meanwhile, nothing left to undo) is taken off after its message shows; an unanswered call
 * keeps it for another try.
 */
export function useUndoStack(area: KitchenArea, feed: KitchenFeed | undefined) {
  const store = undoStackStore(feed?.id ?? area.areaId);
  const stack = useStoredValue(store);
  const queryClient = useQueryClient();
  const top = peekUndo(stack);
  const mutation = useMutation({
    mutationFn: (entry: UndoEntry) => undoTicketProducts({ ticketId: entry.ticketId, orderProductIds: entry.orderProductIds }),
    onSuccess: (_data, entry) => {
      store.set((current) => removeUndo(current, entry.id));
      void queryClient.invalidateQueries({ queryKey: kitchenFeedQueryKey(area) });
    },
    onError: (error, entry) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        store.set((current) => removeUndo(current, entry.id));
    },
  });
  const disabled = !top || !feed || feed.isFeedDisabled || mutation.isPending;
  return {
    top,
    size: stack.length,
    disabled,
    isPending: mutation.isPending,
    undo: (options?: { onSuccess?: (entry: UndoEntry) => void }) => {
      if (!top || disabled) return;
      mutation.mutate(top, { onSuccess: (_data, entry) => options?.onSuccess?.(entry) });
    },
  };
}
