import type { TerminalPaymentStatus } from "@tableorder/domain/contracts/card-terminals";
import type { WithOptionalTip } from "@tableorder/domain/contracts/common";
import type { CompleteOrderBody, RemoveProductsRequest } from "@tableorder/domain/contracts/waiter";
import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsWaiting } from "../../components/staff-outbox-banner.tsx";
import { ApiError, apiGet, apiPost } from "../../lib/api-client.ts";
import { sendStaffAction, staffAction } from "../../lib/staff-action.ts";
import { tableAssignmentsQueryKey, waiterFeedQueryKey } from "../waiter-tasks/api/waiter-api.ts";

/** A card terminal of the venue the waiter may send a card payment to. */
export interface CardTerminal {
  id: number;
  friendlyName: string;
  type: string;
}

/** What complete-orders answers: COMPLETED at once, or PENDING while a card terminal decides. */
export type CompleteOrderResult =
  | { status: "COMPLETED"; paymentId: number; paidProductCount: number; paidAmount: number }
  | { status: "PENDING"; paymentId?: number; cardAmount?: number };

export type CompleteOrderInput = WithOptionalTip<Omit<CompleteOrderBody, "payAll">> & { payAll?: boolean };

/** Everything the waiter's screens read of a table or its tasks reads again after a change. */
function useRefreshTables() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["waiter-request"] });
    void queryClient.invalidateQueries({ queryKey: ["staff-table-feed"] });
    void queryClient.invalidateQueries({ queryKey: tableAssignmentsQueryKey });
  };
}

const COMPLETE_ORDERS = ["complete-orders"];
const collectionPath = (tableId: number) => `/api/feed/table/${tableId}/complete-orders`;

/**
 * Whether a collection of this table from this phone is under way: sent and not yet answered, or
 * kept in the outbox (issue 31), even from before a reload. From the tap to its settling one of the
 * two holds, so a payment screen knows pieces that vanish meanwhile are its own doing, and a kept
 * collection is marked instead of offered again.
 */
export function useCollectionUnderWay(tableId: number): { underWay: boolean; kept: boolean } {
  const sending = useMutationState({
    filters: { mutationKey: COMPLETE_ORDERS, status: "pending" },
    select: (mutation) => (mutation.state.variables as { tableId: number } | undefined)?.tableId,
  }).includes(tableId);
  const kept = useIsWaiting((action) => action.path === collectionPath(tableId));
  return { underWay: sending || kept, kept };
}

/**
 * The answers that mean someone else collected (or closed) these pieces first: the waiter who
 * lost that race goes back to the table with the reason, rather than stay on a payment screen.
 */
const LOST_RACE_ERRORS = new Set(["already_paid", "product_not_in_current_order"]);
export const lostCollectionRace = (error: unknown) =>
  error instanceof ApiError && error.key !== null && LOST_RACE_ERRORS.has(error.key);

/** POST api/feed/table/{id}/complete-orders (spec 2 §7): the payment collection. */
export function useCompleteOrders() {
  const refresh = useRefreshTables();
  return useMutation({
    mutationKey: COMPLETE_ORDERS,
    mutationFn: ({ tableId, body }: { tableId: number; body: CompleteOrderInput }) =>
      sendStaffAction<CompleteOrderResult>(staffAction("POST", collectionPath(tableId), body)),
    onSettled: refresh,
  });
}

/**
 * Where a terminal sale stands (GET api/feed/payment/{id}/status), for a waiting screen that may
 * have missed the pushed result while it was disconnected; null when it cannot be read now.
 */
export async function readTerminalPaymentStatus(paymentId: number): Promise<TerminalPaymentStatus["status"] | null> {
  try {
    return (await apiGet<TerminalPaymentStatus>(`/api/feed/payment/${paymentId}/status`, { quiet: true })).status;
  } catch {
    return null;
  }
}

/**
 * POST api/feed/release-payment-hold: frees pieces an online card payment holds, once the provider
 * says nothing was charged (a charge completes the payment instead and is said as an error).
 */
export function useReleasePaymentHold() {
  const refresh = useRefreshTables();
  return useMutation({
    mutationFn: (paymentId: number) => apiPost<unknown>("/api/feed/release-payment-hold", { paymentId }),
    onSettled: refresh,
  });
}

/** POST api/feed/transfer-table with {tableId, targetTableId}; errors are the caller's to say. */
export function useTransferTable() {
  const refresh = useRefreshTables();
  return useMutation({
    mutationFn: (body: { tableId: number; targetTableId: number }) =>
      sendStaffAction<unknown>(staffAction("POST", "/api/feed/transfer-table", body), { quiet: true }),
    onSettled: refresh,
  });
}

/** The venue's card terminals; a server without terminals (404) means none. */
export function useCardTerminals(enabled: boolean) {
  return useQuery({
    queryKey: ["card-terminals"],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<CardTerminal[]>("/api/feed/card-terminals", { signal, quiet: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Takes unpaid pieces off a table's bill (spec 2 §2.4, table feed), with the reason when any of
 * them is already prepared (issue 31).
 */
export function useRemoveTableProducts(tableId: number) {
  const refresh = useRefreshTables();
  return useMutation({
    mutationFn: (body: RemoveProductsRequest) =>
      sendStaffAction<{ orderProductIds: number[] }>(staffAction("POST", `/api/feed/table/${tableId}/remove-products`, body)),
    onSettled: refresh,
  });
}

/**
 * POST api/feed/payment/{id}/cancel (beyond the spec): aborts a card sale waiting at its terminal;
 * answers how it ended (FAILED once aborted, SUCCESS when the card paid a moment before).
 */
export function useCancelTerminalSale() {
  const refresh = useRefreshTables();
  return useMutation({
    mutationFn: (paymentId: number) => apiPost<TerminalPaymentStatus>(`/api/feed/payment/${paymentId}/cancel`, {}),
    onSettled: refresh,
  });
}
