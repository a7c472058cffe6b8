import { useMemo } from "react";
import { useWaitingActions } from "../../components/staff-outbox-banner.tsx";
import type { StaffAction } from "../../lib/staff-action.ts";

const DELIVER = "/api/feed/next-status";
const UNDO_DELIVER = "/api/feed/undo-status";

/**
 * The pieces the waiter delivered while offline, as the outbox will leave them once sent: each
 * delivery adds its pieces and an undo of it, kept after, takes them away again (in the order
 * they were taken). Derived from the waiting actions, so a sent one gives way to the server's
 * state and a refused one is gone with its effect.
 */
export function piecesDeliveredWaiting(waiting: readonly StaffAction[]): ReadonlySet<number> {
  const pieces = new Set<number>();
  for (const action of waiting) {
    if (action.path === DELIVER && Array.isArray(action.body)) for (const id of action.body as number[]) pieces.add(id);
    if (action.path === UNDO_DELIVER) {
      const ids = (action.body as { orderProductIds?: number[] } | undefined)?.orderProductIds ?? [];
      for (const id of ids) pieces.delete(id);
    }
  }
  return pieces;
}

/** The signed-in waiter's deliveries waiting to be sent: their lines show delivered, marked waiting. */
export function useDeliveriesWaiting(): ReadonlySet<number> {
  const waiting = useWaitingActions();
  return useMemo(() => piecesDeliveredWaiting(waiting.map((entry) => entry.action)), [waiting]);
}
